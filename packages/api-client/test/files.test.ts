import { unwrap } from '@ledgerline/api-client';
import { fixtures, mocks } from '@ledgerline/api-client/mocks';
import { expect, it } from 'vitest';
import { signedInClient, useMockServer } from './mock-server';

const server = useMockServer();
const client = signedInClient();

const crcTable = Array.from({ length: 256 }, (_, byte) => {
  let crc = byte;
  for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  return crc >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

async function inflate(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Reads a PNG as a decoder would: signature, chunk checksums, and image data of the declared size. */
async function decodePng(bytes: Uint8Array<ArrayBuffer>) {
  expect([...bytes.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: { type: string; data: Uint8Array<ArrayBuffer> }[] = [];
  for (let offset = 8; offset < bytes.length; ) {
    const length = view.getUint32(offset);
    const typeAndData = bytes.subarray(offset + 4, offset + 8 + length);
    expect(crc32(typeAndData)).toBe(view.getUint32(offset + 8 + length));
    chunks.push({
      type: String.fromCharCode(...typeAndData.subarray(0, 4)),
      data: bytes.slice(offset + 8, offset + 8 + length),
    });
    offset += 12 + length;
  }
  expect(chunks.map(({ type }) => type)).toEqual(['IHDR', 'IDAT', 'IEND']);
  const [header, data] = chunks;
  if (header === undefined || data === undefined) throw new Error('no IHDR or IDAT');
  const headerView = new DataView(header.data.buffer);
  const width = headerView.getUint32(0);
  const height = headerView.getUint32(4);
  const bitDepth = header.data[8] ?? 0;
  const pixels = await inflate(data.data);
  expect(pixels.length).toBe(height * (1 + Math.ceil((width * bitDepth) / 8)));
  return { width, height };
}

it('serves a wallet QR code as a decodable PNG', async () => {
  server.use(mocks.getWalletQr());
  const { data, response } = await client.GET('/wallets/{walletId}/qr.png', {
    params: { path: { walletId: fixtures.bitcoinWallet._id } },
    parseAs: 'arrayBuffer',
  });
  expect(response.headers.get('Content-Type')).toBe('image/png');
  expect(await decodePng(new Uint8Array(data ?? new ArrayBuffer(0)))).toEqual({ width: 232, height: 232 });
});

it('serves a download inline under a server-made name, never sniffed', async () => {
  server.use(mocks.downloadFile());
  const fileId = 'e4f5a6b7-c8d9-4e0f-9a1b-3c4d5e6f7a8b';
  const { data, response } = await client.GET('/files/{fileId}', {
    params: { path: { fileId } },
    parseAs: 'arrayBuffer',
  });
  expect(response.headers.get('Content-Disposition')).toBe(`inline; filename="${fileId}.png"`);
  expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
  expect(await decodePng(new Uint8Array(data ?? new ArrayBuffer(0)))).toEqual({ width: 60, height: 80 });
});

it('serves given bytes as the image type they are', async () => {
  const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1, 0xff, 0xd9]);
  server.use(mocks.downloadFile({ body: jpeg }));
  const { response } = await client.GET('/files/{fileId}', {
    params: { path: { fileId: 'e4f5a6b7-c8d9-4e0f-9a1b-3c4d5e6f7a8b' } },
    parseAs: 'arrayBuffer',
  });
  expect(response.headers.get('Content-Type')).toBe('image/jpeg');
  expect(response.headers.get('Content-Disposition')).toMatch(/\.jpg"$/);
});

it('loads wallet QR codes from the path each wallet names', async () => {
  server.use(mocks.listWallets(), mocks.getWalletQr());
  for (const wallet of await unwrap(client.GET('/admin-wallets'))) {
    const response = await fetch(`http://127.0.0.1:3000/api/v1${wallet.image}`);
    expect(response.status).toBe(200);
  }
});
