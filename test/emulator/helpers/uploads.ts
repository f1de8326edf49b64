// Message uploads as a bot sends them: multipart/form-data with payload_json and files[n].
import type { RunningEmulator } from '../../../lib/emulator/index';
import { SEED } from '../../../lib/emulator/index';

export interface UploadPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: string | Buffer;
}

export function multipartBody(parts: UploadPart[], boundary = 'sdkpp-upload-boundary'): { body: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POSTs a message with these files into `channelId` as the seeded bot; the status and parsed body. */
export async function postFiles(emu: RunningEmulator, channelId: string, files: Array<{ filename: string; data: Buffer }>, content = ''): Promise<{ status: number; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const parts: UploadPart[] = [{ name: 'payload_json', contentType: 'application/json', data: JSON.stringify({ content }) }];
  files.forEach((file, i) => parts.push({ name: `files[${i}]`, filename: file.filename, contentType: 'application/octet-stream', data: file.data }));
  const { body, contentType } = multipartBody(parts);
  const response = await fetch(`${emu.apiBase}/channels/${channelId}/messages`, { method: 'POST', headers: { authorization: `Bot ${SEED.botToken}`, 'content-type': contentType }, body });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}
