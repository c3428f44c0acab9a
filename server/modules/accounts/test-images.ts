import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A real image of the given size (a colour gradient so it does not compress to nothing). */
export async function imageOf(width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif'): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const p = i / 3;
    pixels[i] = (p * 7) % 256;
    pixels[i + 1] = Math.floor(p / width) % 256;
    pixels[i + 2] = 128;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).toFormat(format).toBuffer();
}

export const pngOf = (width: number, height: number) => imageOf(width, height, 'png');

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A tiny, well-formed PNG whose header claims `width` x `height` pixels (a decompression bomb
 * shape): its pixel data is one row, so only the header says it is huge.
 */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1 + Math.min(width, 1024)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The multipart body of a form with one file field. */
export function multipartBody(file: Buffer, options: { field?: string; filename?: string; type?: string; boundary?: string } = {}): { body: Buffer; contentType: string } {
  const boundary = options.boundary ?? '----herald-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'logo'}"; filename="${options.filename ?? 'logo.png'}"\r\nContent-Type: ${options.type ?? 'image/png'}\r\n\r\n`;
  return { body: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}
