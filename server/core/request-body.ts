/**
 * A node:http request body for the Fetch API, and what happens to the part a handler never reads.
 * Handlers answer some requests before reading their body (413 for a declared size, 404 for an
 * unknown token, 401, 403, 429). On a keep-alive connection the unread bytes sit in front of the
 * client's next request, which then waits until the connection is reset: so the rest of the body
 * is read and dropped, up to DRAIN_LIMIT_BYTES, and past that the connection is closed.
 */
import type { IncomingMessage } from 'node:http'
import { MAX_BODY_BYTES } from './http.ts'

/** Reading and dropping this much is cheaper for everyone than a reset connection; more is abuse. */
const DRAIN_LIMIT_BYTES = 64 * MAX_BODY_BYTES

/**
 * The body as a web stream that reads from the request only when the handler asks (pull). Its
 * cancel stops the reading without destroying the request: a destroyed request resets the
 * connection before the answer is written; settleUnreadBody deals with the rest.
 */
export function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  req.pause()
  let open = true
  const stop = () => {
    open = false
    req.off('data', onData).off('end', onEnd).off('error', onError)
  }
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const onData = (chunk: Buffer) => {
    req.pause()
    if (open) controller.enqueue(new Uint8Array(chunk))
  }
  const onEnd = () => {
    if (open) controller.close()
    stop()
  }
  const onError = (error: Error) => {
    if (open) controller.error(error)
    stop()
  }
  return new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c
        req.on('data', onData).on('end', onEnd).on('error', onError)
      },
      pull() {
        req.resume()
      },
      cancel: stop,
    },
    { highWaterMark: 0 },
  )
}

/**
 * After the answer: the body the handler left unread is read and dropped, so the connection
 * serves the client's next request; a body declared or found larger than DRAIN_LIMIT_BYTES is not
 * worth reading, and its connection closes (the answer says so in `Connection: close`).
 * Returns whether the connection stays open.
 */
export function settleUnreadBody(req: IncomingMessage): boolean {
  if (req.readableEnded || req.complete) return true
  req.removeAllListeners('data')
  if (Number(req.headers['content-length']) > DRAIN_LIMIT_BYTES) return false
  let drained = 0
  req.on('data', (chunk: Buffer) => {
    drained += chunk.byteLength
    if (drained > DRAIN_LIMIT_BYTES) req.socket.destroy()
  })
  req.resume()
  return true
}
