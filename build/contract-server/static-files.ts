/** Serves built bundles and fixture images from folders, with no way out of them. */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { empty } from './http.ts'

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.html': 'text/html; charset=utf-8',
}

export async function serveFile(dir: string, relative: string, cacheControl = 'no-cache'): Promise<Response> {
  const root = path.resolve(dir)
  const file = path.resolve(root, '.' + path.posix.normalize('/' + decodeURIComponent(relative)))
  if (!file.startsWith(root + path.sep)) return empty(404)
  try {
    const body = await readFile(file)
    return new Response(body, {
      status: 200,
      headers: { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': cacheControl },
    })
  } catch {
    return empty(404)
  }
}
