import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

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
  return ajv;
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

function compile(schema: unknown, httpPart: string | undefined, contentType: string | undefined): Validator {
  if (httpPart !== 'body') return parameterAjv.compile(schema as object);
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
    validate = bodyAjv.compile(schema);
    formValidators.set(schema, validate);
  }
  return validate(fields) ? null : (validate.errors?.[0] ?? null);
}
