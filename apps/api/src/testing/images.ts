import sharp from 'sharp';

/** A small real image of each accepted kind, different every call (so uploads never collide). */
export async function testImage(format: 'png' | 'jpeg' | 'webp' = 'png', size = 32): Promise<Buffer> {
  const background = {
    r: Math.floor(Math.random() * 256),
    g: Math.floor(Math.random() * 256),
    b: Math.floor(Math.random() * 256),
  };
  const image = sharp({ create: { width: size, height: size, channels: 3, background } });
  return image[format]().toBuffer();
}
