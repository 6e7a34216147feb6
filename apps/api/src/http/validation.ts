import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

/**
 * What a text field may hold. No field takes a NUL (PostgreSQL's text cannot store it) or another
 * control character but the line breaks and tabs of a field marked `x-multiline` in the contract (a
 * message, a reason, the notification's HTML); every other field is one line.
 */
const controlCharacters = {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
  line: /[\u0000-\u001F\u007F]/,
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
  multiline: /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/,
} as const;
type TextKind = keyof typeof controlCharacters;

/** The messages of the text rule, for `describeValidationIssue`. */
export const textRuleKeyword = 'x-text';

function createAjv(coerceTypes: boolean | 'array') {
  const ajv = new Ajv2020({
    coerceTypes,
    useDefaults: true,
    removeAdditional: false,
    allErrors: false,
    strict: false,
    // `multipleOf: 0.01` on USD amounts: 0.07 / 0.01 is not an integer in binary floating point.
    multipleOfPrecision: 2,
  });
  addFormats.default(ajv);
  const text: ((kind: TextKind, data: string) => boolean) & { errors?: Partial<ErrorObject>[] } = (
    kind,
    data,
  ) => {
    if (!controlCharacters[kind].test(data)) return true;
    text.errors = [{ keyword: textRuleKeyword, params: { kind }, message: 'has control characters' }];
    return false;
  };
  ajv.addKeyword({
    keyword: textRuleKeyword,
    type: 'string',
    schemaType: 'string',
    errors: true,
    validate: text,
  });
  return ajv;
}

type SchemaNode = { [key: string]: unknown };

function isStringSchema(schema: SchemaNode): boolean {
  const { type } = schema;
  return (
    (type === 'string' || (Array.isArray(type) && type.includes('string'))) && schema.format !== 'binary'
  );
}

/** A copy of `schema` whose every text field carries the text rule (above). */
function withTextRule(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withTextRule);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: SchemaNode = {};
  for (const [key, value] of Object.entries(schema)) {
    // `properties` maps names to schemas: a field called `type` is not a type.
    copy[key] =
      key === 'properties' || key === '$defs'
        ? Object.fromEntries(
            Object.entries(value as SchemaNode).map(([name, sub]) => [name, withTextRule(sub)]),
          )
        : withTextRule(value);
  }
  if (isStringSchema(copy)) copy[textRuleKeyword] = copy['x-multiline'] === true ? 'multiline' : 'line';
  return copy;
}

/**
 * Header names arrive lower-cased, and the contract spells them as sent (`Idempotency-Key`): the
 * schema is lower-cased to match, or no header would ever be checked.
 */
function withLowerCaseHeaders(schema: SchemaNode): SchemaNode {
  const properties = schema.properties as SchemaNode | undefined;
  return {
    ...schema,
    ...(properties
      ? { properties: Object.fromEntries(Object.entries(properties).map(([n, p]) => [n.toLowerCase(), p])) }
      : {}),
    ...(Array.isArray(schema.required)
      ? { required: schema.required.map((name: string) => name.toLowerCase()) }
      : {}),
  };
}

// JSON bodies are validated as sent: `{ "fullname": 0 }` is a 400, never the string "0".
const bodyAjv = createAjv(false);
// Path, query and headers are strings on the wire: `?limit=20` must become the number 20.
const parameterAjv = createAjv('array');

type JsonSchema = { [key: string]: unknown; oneOf?: JsonSchema[]; properties?: Record<string, unknown> };

/** A validator as Fastify calls it: true when valid, else false with `errors` set. */
type Validator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * A body that is one of several object forms (PATCH /users/user-info): the form is chosen by the
 * fields sent, so `{ "currentPassword": "x" }` answers "newPassword is required" rather than the
 * first form's complaint about a missing `seen`.
 */
function compileOneOfObjects(schema: JsonSchema & { oneOf: JsonSchema[] }): Validator {
  const whole = bodyAjv.compile(schema);
  const forms = schema.oneOf.map((form) => ({
    fields: Object.keys(form.properties ?? {}),
    validate: bodyAjv.compile(form),
  }));
  const described = forms.map((form) => `{ ${form.fields.join(', ')} }`).join(' or ');
  const validator: Validator = (data) => {
    const sent = data !== null && typeof data === 'object' && !Array.isArray(data) ? Object.keys(data) : [];
    const form = forms.find((candidate) => sent.some((field) => candidate.fields.includes(field)));
    if (form) {
      if (!form.validate(data)) {
        validator.errors = form.validate.errors;
        return false;
      }
      // The chosen form must also be the only match, as oneOf says.
      if (!whole(data)) {
        validator.errors = whole.errors;
        return false;
      }
      validator.errors = null;
      return true;
    }
    validator.errors = [
      {
        keyword: 'oneOf',
        instancePath: '',
        schemaPath: '#/oneOf',
        params: { passingSchemas: null },
        message: `body must be one of: ${described}`,
      },
    ];
    return false;
  };
  return validator;
}

function isOneOfObjects(schema: JsonSchema): schema is JsonSchema & { oneOf: JsonSchema[] } {
  return (
    Array.isArray(schema.oneOf) &&
    schema.oneOf.every((form) => form !== null && typeof form === 'object' && form.properties !== undefined)
  );
}

function compile(given: unknown, httpPart: string | undefined, contentType: string | undefined): Validator {
  const schema = withTextRule(given) as SchemaNode;
  if (httpPart === 'headers') return parameterAjv.compile(withLowerCaseHeaders(schema));
  if (httpPart !== 'body') return parameterAjv.compile(schema);
  // Multipart forms are read part by part in their handler, which validates the fields it collected
  // (with `validateForm`); the parser leaves no body for Fastify to check.
  if (contentType?.startsWith('multipart/')) return () => true;
  const bodySchema = schema as JsonSchema;
  return isOneOfObjects(bodySchema) ? compileOneOfObjects(bodySchema) : bodyAjv.compile(bodySchema);
}

/**
 * Compiled validators, shared by every app this process builds (tests build many): compiling the
 * contract's schemas is most of the cost of building the app. The key is the schema's text, since
 * the glue hands each app its own copy of the same schema.
 */
const compiled = new Map<string, Validator>();

/** The validator compiler for every route: OpenAPI 3.1 schemas are JSON Schema 2020-12. */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart, contentType }) => {
  const key = `${httpPart} ${contentType ?? ''} ${JSON.stringify(schema)}`;
  let validator = compiled.get(key);
  if (!validator) {
    validator = compile(schema, httpPart, contentType);
    compiled.set(key, validator);
  }
  return validator;
};

const formValidators = new WeakMap<object, ValidateFunction>();

/**
 * Validates the text fields of a multipart form against its contract schema, like a JSON body
 * (no coercion, unknown fields refused). Answers the first problem, or null when the form is valid.
 */
export function validateForm(schema: object, fields: Record<string, unknown>): ErrorObject | null {
  let validate = formValidators.get(schema);
  if (!validate) {
    validate = bodyAjv.compile(withTextRule(schema) as object);
    formValidators.set(schema, validate);
  }
  return validate(fields) ? null : (validate.errors?.[0] ?? null);
}
