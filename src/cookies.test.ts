/** Reading cookies: exact names, decoding, empty values, and documents whose cookie jar throws. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { readCookie } from './cookies'

const test = suite('cookies')
const doc = (cookie: string) => ({ cookie }) as unknown as Document

test('finds a cookie by its exact name, decoded', () => {
  const jar = doc('xLoginToken=no; LoginToken=a%20b; StaffAuthToken=')
  assert.is(readCookie(jar, 'LoginToken'), 'a b')
  assert.is(readCookie(jar, 'Login'), undefined)
  assert.is(readCookie(jar, 'StaffAuthToken'), undefined, 'empty counts as absent')
})

test('a malformed escape is returned as it is', () => {
  assert.is(readCookie(doc('LoginToken=%E0%A4%A'), 'LoginToken'), '%E0%A4%A')
})

test('a document whose cookie access throws (sandboxed iframe) has no cookies', () => {
  const sandboxed = {
    get cookie(): string {
      throw new DOMException('The document is sandboxed', 'SecurityError')
    },
  } as unknown as Document
  assert.is(readCookie(sandboxed, 'LoginToken'), undefined)
})

test.run()
