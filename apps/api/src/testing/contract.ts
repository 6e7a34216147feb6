import { dereference } from '@readme/openapi-parser';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import { contractPath } from '../http/contract';

type ResponseObject = { content?: Record<string, { schema?: object }> };
type Operation = { operationId?: string; responses?: Record<string, ResponseObject> };

const ajv = new Ajv2020({ strict: false, allErrors: true, multipleOfPrecision: 2 });
addFormats.default(ajv);

let operations: Promise<Map<string, Operation>> | undefined;
function loadOperations() {
  operations ??= dereference(contractPath).then((document) => {
    const byId = new Map<string, Operation>();
    for (const item of Object.values(document.paths ?? {})) {
      for (const operation of Object.values(item ?? {}) as Operation[]) {
        if (operation?.operationId) byId.set(operation.operationId, operation);
      }
    }
    return byId;
  });
  return operations;
}

const validators = new Map<string, ValidateFunction>();

type InjectedResponse = { statusCode: number; headers: Record<string, unknown>; body: string };

/**
 * Asserts that an answer is one the contract allows for this operation: a documented status, and a
 * JSON body that matches that status's schema. Every response in the API tests goes through this.
 */
export async function expectContract(operationId: string, response: InjectedResponse): Promise<void> {
  const operation = (await loadOperations()).get(operationId);
  if (!operation) throw new Error(`openapi.yaml has no operation ${operationId}`);
  const status = String(response.statusCode);
  const documented = operation.responses?.[status];
  expect(
    documented,
    `${operationId} does not document status ${status} (body: ${response.body})`,
  ).toBeDefined();
  const contentType = String(response.headers['content-type'] ?? '').split(';')[0] ?? '';
  const schema = documented?.content?.[contentType]?.schema;
  if (!documented?.content) return;
  expect(schema, `${operationId} ${status} does not document content type ${contentType}`).toBeDefined();
  if (contentType !== 'application/json' || !schema) return;
  const key = `${operationId} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(key, validate);
  }
  const valid = validate(JSON.parse(response.body));
  expect(valid, `${key} answer does not match the contract: ${ajv.errorsText(validate.errors)}`).toBe(true);
}
