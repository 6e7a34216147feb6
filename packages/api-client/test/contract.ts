import { dereference } from '@readme/openapi-parser';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

// Reads `openapi.yaml` itself, not the generated types: a new operation in the contract must show up here
// whether or not anyone ran `pnpm gen`.

const methods = ['get', 'put', 'post', 'patch', 'delete'] as const;
export type Method = (typeof methods)[number];

export type ContractOperation = {
  operationId: string;
  method: Method;
  /** As the contract writes it, e.g. `/wallets/{walletId}/qr.png`. */
  path: string;
  /** The example value of each path parameter. */
  pathParams: Record<string, string>;
  /** The request body the contract shows, if the operation takes one. */
  requestBody:
    | { mediaType: string; example: Record<string, unknown>; schema: Record<string, unknown> }
    | undefined;
  successStatus: number;
  /**
   * Every success status the operation documents, with its JSON schema: an operation may answer
   * more than one (a posting made at once, 201, or proposed for a second admin, 202).
   */
  successSchemas: Map<number, Record<string, unknown> | undefined>;
  successMediaTypes: string[];
  /** The JSON schema of the success answer, when it is JSON. */
  successSchema: Record<string, unknown> | undefined;
  /** Headers the success answer must carry. */
  requiredHeaders: string[];
};

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function recordAt(value: unknown, where: string): Json {
  if (!isRecord(value)) throw new Error(`openapi.yaml: ${where} is not an object`);
  return value;
}

const contractFile = decodeURIComponent(new URL('../../../openapi.yaml', import.meta.url).pathname);

/** Every operation of the contract, with its `$ref`s resolved. */
export async function readContract(): Promise<ContractOperation[]> {
  const document = recordAt(await dereference(contractFile), 'the document');
  const operations: ContractOperation[] = [];
  for (const [path, item] of Object.entries(recordAt(document.paths, 'paths'))) {
    for (const method of methods) {
      const operation = recordAt(item, path)[method];
      if (!isRecord(operation)) continue;
      operations.push(readOperation(path, method, operation));
    }
  }
  return operations;
}

function readOperation(path: string, method: Method, operation: Json): ContractOperation {
  const where = `${method} ${path}`;
  if (typeof operation.operationId !== 'string') throw new Error(`openapi.yaml: ${where} has no operationId`);
  const responses = recordAt(operation.responses, `${where} responses`);
  const successStatus = Object.keys(responses).find((status) => /^2\d\d$/.test(status));
  if (successStatus === undefined) throw new Error(`openapi.yaml: ${where} has no success answer`);
  const success = recordAt(responses[successStatus], `${where} ${successStatus}`);
  const content = recordAt(success.content ?? {}, `${where} ${successStatus} content`);
  const json = content['application/json'];
  const headers = recordAt(success.headers ?? {}, `${where} ${successStatus} headers`);
  const successSchemas = new Map(
    Object.keys(responses)
      .filter((status) => /^2\d\d$/.test(status))
      .map((status) => {
        const answer = recordAt(responses[status], `${where} ${status}`);
        const media = recordAt(answer.content ?? {}, `${where} ${status} content`)['application/json'];
        return [
          Number(status),
          isRecord(media) ? recordAt(media.schema, `${where} ${status} schema`) : undefined,
        ];
      }),
  );
  return {
    operationId: operation.operationId,
    method,
    path,
    pathParams: pathParamsOf(operation, where),
    requestBody: requestBodyOf(operation, where),
    successStatus: Number(successStatus),
    successSchemas,
    successMediaTypes: Object.keys(content),
    successSchema: isRecord(json) ? recordAt(json.schema, `${where} success schema`) : undefined,
    requiredHeaders: Object.entries(headers).flatMap(([name, header]) =>
      isRecord(header) && header.required === true ? [name] : [],
    ),
  };
}

function pathParamsOf(operation: Json, where: string): Record<string, string> {
  const parameters = Array.isArray(operation.parameters) ? operation.parameters : [];
  const pathParams: Record<string, string> = {};
  for (const parameter of parameters) {
    if (!isRecord(parameter) || parameter.in !== 'path') continue;
    if (typeof parameter.name !== 'string' || typeof parameter.example !== 'string') {
      throw new Error(`openapi.yaml: a path parameter of ${where} has no name or example`);
    }
    pathParams[parameter.name] = parameter.example;
  }
  return pathParams;
}

/** The first media type the operation accepts, with its example (or its first named example). */
function requestBodyOf(operation: Json, where: string): ContractOperation['requestBody'] {
  if (!isRecord(operation.requestBody)) return undefined;
  const content = recordAt(operation.requestBody.content, `${where} request content`);
  const [mediaType, media] = Object.entries(content)[0] ?? [];
  if (mediaType === undefined || !isRecord(media)) throw new Error(`openapi.yaml: ${where} accepts nothing`);
  const named = isRecord(media.examples) ? Object.values(media.examples)[0] : undefined;
  const example = media.example ?? (isRecord(named) ? named.value : undefined);
  return {
    mediaType,
    example: recordAt(example, `${where} request example`),
    schema: recordAt(media.schema, `${where} request schema`),
  };
}

/** One example of an operation's success answer, with the schema it must meet. */
export type SuccessExample = {
  operationId: string;
  mediaType: string;
  /** `example`, or the name of one of `examples`. */
  name: string;
  value: unknown;
  schema: Record<string, unknown>;
};

/** Every example the contract gives of a success answer, from `example` or `examples`, of every media type. */
export async function readSuccessExamples(): Promise<SuccessExample[]> {
  const document = recordAt(await dereference(contractFile), 'the document');
  const examples: SuccessExample[] = [];
  for (const [path, item] of Object.entries(recordAt(document.paths, 'paths'))) {
    for (const method of methods) {
      const operation = recordAt(item, path)[method];
      if (!isRecord(operation) || typeof operation.operationId !== 'string') continue;
      const { operationId } = operation;
      const responses = recordAt(operation.responses, `${method} ${path} responses`);
      const success = Object.entries(responses).find(([status]) => /^2\d\d$/.test(status))?.[1];
      const content = isRecord(success) && isRecord(success.content) ? success.content : {};
      for (const [mediaType, media] of Object.entries(content)) {
        if (!isRecord(media) || !isRecord(media.schema)) continue;
        const schema = media.schema;
        if (media.example !== undefined) {
          examples.push({ operationId, mediaType, name: 'example', value: media.example, schema });
        }
        for (const [name, named] of Object.entries(isRecord(media.examples) ? media.examples : {})) {
          if (isRecord(named)) examples.push({ operationId, mediaType, name, value: named.value, schema });
        }
      }
    }
  }
  return examples;
}

/**
 * The schema of one event of an event stream (`text/event-stream`): each event's `data` is one
 * `LiveEvent` as JSON, which the stream's own schema (a string) cannot say.
 */
export async function readLiveEventSchema(): Promise<Record<string, unknown>> {
  const document = recordAt(await dereference(contractFile), 'the document');
  const schemas = recordAt(recordAt(document.components, 'components').schemas, 'components.schemas');
  return recordAt(schemas.LiveEvent, 'components.schemas.LiveEvent');
}

/** Validates answers as the contract's conventions ask: JSON Schema 2020-12, money with a precision allowance. */
export function answerValidator(): (schema: Record<string, unknown>, data: unknown) => string[] {
  const ajv = new Ajv2020({ strict: false, allErrors: true, multipleOfPrecision: 2 });
  addFormats(ajv);
  return (schema, data) => {
    const validate = ajv.compile(schema);
    if (validate(data)) return [];
    return (validate.errors ?? []).map(
      (error) => `${error.instancePath || '/'} ${error.message ?? 'is invalid'}`,
    );
  };
}
