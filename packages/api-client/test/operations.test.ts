import { ApiError, unwrap } from '@ledgerline/api-client';
import { fixtures, mocks, type OperationMock } from '@ledgerline/api-client/mocks';
import { describe, expect, it } from 'vitest';
import { answerValidator, type ContractOperation, readContract, readLiveEventSchema } from './contract';
import { signedInClient, useMockServer } from './mock-server';

// Every operation of openapi.yaml, so an operation added to the contract without a mock fails here.
const operations = await readContract();
const validate = answerValidator();
const liveEventSchema = await readLiveEventSchema();

const isEventStream = (operation: ContractOperation) =>
  operation.successMediaTypes.includes('text/event-stream');

/**
 * The `data` of the first `count` events of a server-sent event stream, parsed as JSON. The stream
 * stays open until its request is aborted.
 */
async function firstEvents(body: ReadableStream<Uint8Array>, count: number): Promise<unknown[]> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const events: unknown[] = [];
  let text = '';
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    const frames = text.split('\n\n');
    text = frames.pop() ?? '';
    for (const frame of frames) {
      const data = frame
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice('data:'.length).trim())
        .join('\n');
      if (data !== '') events.push(JSON.parse(data));
    }
  }
  reader.releaseLock();
  return events;
}
const server = useMockServer();
const client = signedInClient();

type Answer = { data?: unknown; error?: unknown; response: Response };
type Call = (method: string, path: string, init: Record<string, unknown>) => Promise<Answer>;

/** The operations are only known at run time here, so the typed client is called through its untyped door. */
const call = client.request as unknown as Call;
const everyMock: Record<string, OperationMock<never>> = mocks;

function mockOf({ operationId }: ContractOperation): OperationMock<never> {
  const mock = everyMock[operationId];
  if (mock === undefined) throw new Error(`No mock for ${operationId}: add one to src/mocks/handlers/`);
  return mock;
}

/** A multipart form from the contract's example; binary fields get a real (tiny) PNG. */
function formOf(example: Record<string, unknown>, schema: Record<string, unknown>): FormData {
  const form = new FormData();
  const properties =
    typeof schema.properties === 'object' && schema.properties !== null ? schema.properties : {};
  for (const [name, value] of Object.entries(example)) {
    const property: unknown = Object.entries(properties).find(([key]) => key === name)?.[1];
    const binary =
      typeof property === 'object' &&
      property !== null &&
      'format' in property &&
      property.format === 'binary';
    form.append(name, binary ? new Blob([fixtures.receiptPng()], { type: 'image/png' }) : String(value));
  }
  return form;
}

/** The request the contract's own examples describe. */
function requestOf(
  operation: ContractOperation,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const { requestBody } = operation;
  const body =
    requestBody === undefined
      ? undefined
      : requestBody.mediaType === 'multipart/form-data'
        ? formOf(requestBody.example, requestBody.schema)
        : requestBody.example;
  const parseAs = operation.successMediaTypes.includes('application/json')
    ? 'json'
    : isEventStream(operation)
      ? 'stream'
      : 'arrayBuffer';
  return { params: { path: operation.pathParams }, body, parseAs, ...extra };
}

async function failureOf(operation: ContractOperation): Promise<unknown> {
  return unwrap(call(operation.method, operation.path, requestOf(operation))).then(
    () => 'answered successfully',
    (error: unknown) => error,
  );
}

it('validates for real: answers the contract refuses fail', () => {
  const schemaOf = (operationId: string) =>
    operations.find((operation) => operation.operationId === operationId)?.successSchema ?? {};
  expect(validate(schemaOf('getUserInfo'), { totalBalance: 0.001 })).not.toEqual([]);
  expect(validate(schemaOf('getUserInfo'), { totalBalance: 1830.4, referralLink: 'not a uri' })).not.toEqual(
    [],
  );
  expect(validate(schemaOf('listTransactions'), { items: [{ _id: 'x' }], nextCursor: null })).not.toEqual([]);
  expect(validate(schemaOf('getHealth'), { status: 'degraded' })).not.toEqual([]);
  expect(validate(schemaOf('getUserInfo'), { totalBalance: 1830.4, availableBalance: 0.07 })).toEqual([]);
});

it('has a mock for every operation of the contract and none for operations it lacks', () => {
  expect(Object.keys(mocks).sort()).toEqual(operations.map(({ operationId }) => operationId).sort());
});

describe.each(operations)('$operationId ($method $path)', (operation) => {
  it('is the mock of this operation', () => {
    expect(mockOf(operation).operationId).toBe(operation.operationId);
  });

  it('answers success with what the contract allows', async () => {
    server.use(mockOf(operation)());
    const ending = new AbortController();
    const { data, response } = await call(
      operation.method,
      operation.path,
      requestOf(operation, { signal: ending.signal }),
    );

    expect([...operation.successSchemas.keys()]).toContain(response.status);
    for (const header of operation.requiredHeaders) expect(response.headers.has(header), header).toBe(true);
    const mediaType = response.headers.get('Content-Type')?.split(';')[0] ?? '';
    expect(operation.successMediaTypes).toContain(mediaType);
    if (isEventStream(operation)) {
      // The default stream sends one event of each kind a user receives, then stays open.
      const events = await firstEvents(data as ReadableStream<Uint8Array>, fixtures.userLiveEvents.length);
      ending.abort();
      expect(events).toEqual(fixtures.userLiveEvents);
      for (const event of events) expect(validate(liveEventSchema, event)).toEqual([]);
    } else if (operation.successSchemas.get(response.status) === undefined) {
      expect(data).toBeInstanceOf(ArrayBuffer);
      expect(data instanceof ArrayBuffer && data.byteLength).toBeGreaterThan(0);
    } else {
      expect(validate(operation.successSchemas.get(response.status) ?? {}, data)).toEqual([]);
    }
  });

  it('answers a given error status with its msg, which unwrap throws as an ApiError', async () => {
    server.use(mockOf(operation).error(400, 'x'));
    const error = await failureOf(operation);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, msg: 'x' });
  });

  it('fails without an answer on a network error, as ApiError status 0', async () => {
    server.use(mockOf(operation).networkError());
    const error = await failureOf(operation);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0 });
  });

  it('never answers when slow', async () => {
    server.use(mockOf(operation).slow());
    const abort = new AbortController();
    const answer = call(
      operation.method,
      operation.path,
      requestOf(operation, { signal: abort.signal }),
    ).then(
      () => 'answered',
      () => 'failed',
    );
    const waited = new Promise((resolve) => setTimeout(resolve, 50, 'still waiting'));
    expect(await Promise.race([answer, waited])).toBe('still waiting');
    abort.abort();
    expect(await answer).toBe('failed');
  });
});

it('sends Retry-After with a 429, as the contract does', async () => {
  server.use(mocks.submitContactMessage.error(429, 'Too many requests, please try again later'));
  const { response } = await client.POST('/contact-us', {
    body: { name: 'Jane Cooper', email: 'jane@example.com', message: 'Hello' },
  });
  expect(response.status).toBe(429);
  expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
});

it('answers a given body instead of the default fixture', async () => {
  server.use(mocks.getWhatsapp({ body: [{ number: '+15559876543' }] }));
  expect(await unwrap(client.GET('/whatsapp'))).toEqual([{ number: '+15559876543' }]);
});

it('gives a success handler of every operation in defaultHandlers', async () => {
  const { defaultHandlers } = await import('@ledgerline/api-client/mocks');
  expect(defaultHandlers).toHaveLength(operations.length);
  server.use(...defaultHandlers);
  const answers = await Promise.all(
    operations.map(async (operation) => {
      // An event stream stays open: its status is all this needs, and then the request is ended.
      const ending = new AbortController();
      const { response } = await call(
        operation.method,
        operation.path,
        requestOf(operation, { signal: ending.signal }),
      );
      if (isEventStream(operation)) ending.abort();
      return response;
    }),
  );
  // Each answers one of its documented success statuses (the first, unless its usual answer is another).
  expect(answers.map(({ status }, index) => operations[index]?.successSchemas.has(status) ?? false)).toEqual(
    operations.map(() => true),
  );
});
