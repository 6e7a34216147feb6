import fc, { type Arbitrary } from 'fast-check';

/** A dereferenced JSON Schema (OpenAPI 3.1) node, as much of it as the contract uses. */
export type Schema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  /** Line breaks and tabs are allowed. */
  'x-multiline'?: boolean;
};

/**
 * Control characters no text field takes: a NUL (which PostgreSQL's text cannot store) and others;
 * a one-line field takes no line break or tab either.
 */
function controlCharacter(schema: Schema): Arbitrary<string> {
  const always = ['\u0000', '\u0007', '\u001b', '\u007f'];
  return fc.constantFrom(...always, ...(schema['x-multiline'] ? [] : ['\n', '\r', '\t']));
}

/** A text of the field with a control character put in somewhere. */
export function withControlCharacter(schema: Schema, text: string): Arbitrary<string> {
  return fc
    .tuple(fc.nat({ max: text.length }), controlCharacter(schema))
    .map(([at, control]) => `${text.slice(0, at)}${control}${text.slice(at)}`);
}

/** Whether a field is free text, whose characters are the text rule's to check. */
export function isFreeText(schema: Schema | undefined): boolean {
  return schema?.type === 'string' && !schema.enum && !schema.format && !schema.pattern && !schema.const;
}

/** Longest string generated where the schema allows more: long enough to matter, short enough to run fast. */
const longestGenerated = 80;

/** Emails Ajv's `email` format accepts: mostly plain ones, sometimes fast-check's stranger ones. */
const email: Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,15}$/),
        fc.constantFrom('example.com', 'mail.example.org', 'ledgerline.test'),
      )
      .map(([local, domain]) => `${local}@${domain}`),
  },
  { weight: 1, arbitrary: fc.emailAddress() },
);

function stringArbitrary(schema: Schema): Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? Number.POSITIVE_INFINITY;
  const fits = (value: string) => value.length >= minLength && value.length <= maxLength;
  switch (schema.format) {
    case 'email':
      return email.filter(fits);
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString());
    case 'uri':
      return fc.webUrl();
  }
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  const generatedMax = Math.max(minLength, Math.min(maxLength, longestGenerated));
  return fc.oneof(
    fc.string({ minLength, maxLength: generatedMax }),
    fc.string({ minLength, maxLength: generatedMax, unit: 'grapheme' }),
    // The edge: exactly as long as allowed.
    ...(Number.isFinite(maxLength) ? [fc.constant('x'.repeat(maxLength))] : []),
  );
}

function numberArbitrary(schema: Schema, integer: boolean): Arbitrary<number> {
  const step = integer ? 1 : (schema.multipleOf ?? 0.01);
  const low =
    schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + step : (schema.minimum ?? -1e6);
  const high =
    schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - step : (schema.maximum ?? 1e6);
  return fc
    .integer({ min: Math.ceil(low / step), max: Math.floor(high / step) })
    .map((units) => (integer ? units : Math.round(units * step * 100) / 100));
}

/** Merges `allOf` object parts into one object schema (the contract only combines objects). */
function mergeAllOf(parts: Schema[]): Schema {
  const merged: Schema = { properties: {}, required: [] };
  for (const part of parts) {
    Object.assign(merged, { ...part, properties: merged.properties, required: merged.required });
    Object.assign(merged.properties ?? {}, part.properties);
    merged.required?.push(...(part.required ?? []));
  }
  return merged;
}

/** Values the schema accepts. Written for the contract's schemas; throws on what it cannot cover. */
export function validValue(schema: Schema): Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.allOf) return validValue(mergeAllOf(schema.allOf));
  if (schema.oneOf) return fc.oneof(...schema.oneOf.map(validValue));
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(validValue));
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => validValue({ ...schema, type })));
  }
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'string':
      return stringArbitrary(schema);
    case 'array':
      return fc.array(validValue(schema.items ?? {}), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'object':
    case undefined: {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([name, property]) => [name, validValue(property)]),
      );
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
    }
    default:
      throw new Error(`No arbitrary for schema type ${String(schema.type)}`);
  }
}

/** A value of another JSON type than the schema's. */
function wrongTypeValue(schema: Schema): Arbitrary<unknown> {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const candidates: Array<[string, Arbitrary<unknown>]> = [
    ['string', fc.string({ maxLength: 10 })],
    ['number', fc.double({ noNaN: true, noDefaultInfinity: true })],
    ['boolean', fc.boolean()],
    ['null', fc.constant(null)],
    ['array', fc.array(fc.integer(), { maxLength: 3 })],
    ['object', fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 })],
  ];
  const others = candidates.filter(
    ([type]) => !types.includes(type) && !(type === 'number' && types.includes('integer')),
  );
  return fc.oneof(...others.map(([, arbitrary]) => arbitrary));
}

/**
 * Object bodies the schema refuses: a property of the wrong type, a required one missing, an
 * unknown one added, a string over its maxLength, a control character in a text, a bad email, or no
 * object at all.
 */
export function invalidObject(schema: Schema): Arbitrary<unknown> {
  const object = schema.oneOf ? (schema.oneOf[0] ?? {}) : schema;
  const properties = object.properties ?? {};
  const names = Object.keys(properties);
  const required = object.required ?? [];
  const valid = validValue(object) as Arbitrary<Record<string, unknown>>;
  const mutations: Arbitrary<unknown>[] = [
    fc.oneof(fc.array(fc.integer(), { maxLength: 3 }), fc.string(), fc.integer(), fc.constant(null)),
    fc
      .tuple(
        valid,
        fc.stringMatching(/^[a-zA-Z_]{1,12}$/).filter((name) => !names.includes(name)),
        fc.jsonValue(),
      )
      .map(([body, extra, value]) => ({ ...body, [extra]: value })),
  ];
  if (names.length > 0) {
    mutations.push(
      fc
        .constantFrom(...names)
        .chain((name) => fc.tuple(fc.constant(name), valid, wrongTypeValue(properties[name] ?? {})))
        .map(([name, body, value]) => ({ ...body, [name]: value })),
    );
  }
  if (required.length > 0) {
    mutations.push(
      fc.tuple(fc.constantFrom(...required), valid).map(([name, body]) => {
        const { [name]: _removed, ...rest } = body;
        return rest;
      }),
    );
  }
  const bounded = names.filter((name) => properties[name]?.maxLength !== undefined);
  if (bounded.length > 0) {
    mutations.push(
      fc
        .tuple(fc.constantFrom(...bounded), valid)
        .map(([name, body]) => ({ ...body, [name]: 'y'.repeat((properties[name]?.maxLength ?? 0) + 1) })),
    );
  }
  const texts = names.filter((name) => isFreeText(properties[name]));
  if (texts.length > 0) {
    mutations.push(
      fc.tuple(fc.constantFrom(...texts), valid).chain(([name, body]) =>
        withControlCharacter(properties[name] ?? {}, String(body[name] ?? '')).map((text) => ({
          ...body,
          [name]: text,
        })),
      ),
    );
  }
  const emails = names.filter((name) => properties[name]?.format === 'email');
  if (emails.length > 0) {
    mutations.push(
      fc
        .tuple(
          fc.constantFrom(...emails),
          valid,
          fc.constantFrom('jane', 'jane@', '@example.com', 'jane doe@example.com'),
        )
        .map(([name, body, value]) => ({ ...body, [name]: value })),
    );
  }
  return fc.oneof(...mutations);
}

/**
 * Multipart forms the schema refuses. Every form value is text, so a wrong type cannot be sent:
 * what can be is an unknown field, a value over its maxLength, or a control character in a text.
 */
export function invalidForm(schema: Schema): Arbitrary<Record<string, string>> {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  const valid = validValue(schema).map((fields) =>
    Object.fromEntries(
      Object.entries(fields as Record<string, unknown>).map(([name, value]) => [name, String(value)]),
    ),
  );
  const mutations: Arbitrary<Record<string, string>>[] = [
    fc
      .tuple(
        valid,
        fc
          .oneof(
            fc.constantFrom('role', 'email', 'totalBalance', 'emailVerified', 'referralCode', 'passwordHash'),
            fc.stringMatching(/^[a-zA-Z_]{1,12}$/),
          )
          .filter((name) => !names.includes(name)),
        fc.string({ maxLength: 20 }),
      )
      .map(([fields, extra, value]) => ({ ...fields, [extra]: value })),
  ];
  const bounded = names.filter((name) => properties[name]?.maxLength !== undefined);
  if (bounded.length > 0) {
    mutations.push(
      fc
        .tuple(fc.constantFrom(...bounded), valid)
        .map(([name, fields]) => ({ ...fields, [name]: 'y'.repeat((properties[name]?.maxLength ?? 0) + 1) })),
    );
  }
  const texts = names.filter((name) => isFreeText(properties[name]));
  if (texts.length > 0) {
    mutations.push(
      fc.tuple(fc.constantFrom(...texts), valid).chain(([name, fields]) =>
        withControlCharacter(properties[name] ?? {}, fields[name] ?? '').map((text) => ({
          ...fields,
          [name]: text,
        })),
      ),
    );
  }
  return fc.oneof(...mutations);
}
