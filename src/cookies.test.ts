/** Reading cookies: exact names, decoding, empty values, and documents whose cookie jar throws. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { readCookie } from './cookies'

const test = suite('cookies')
/** A document's members live on its prototype (the widget reads them there: src/dom.ts). */
const doc = (cookie: string) => Object.create({ cookie }) as Document

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
  const sandboxed = Object.create({
    get cookie(): string {
      throw new DOMException('The document is sandboxed', 'SecurityError')
    },
  }) as Document
  assert.is(readCookie(sandboxed, 'LoginToken'), undefined)
})

test('host markup named "cookie" (<img name="cookie">) does not hide the cookie jar', () => {
  const shadowed = doc('LoginToken=a')
  // What a named element is on a real document: a property of the document itself.
  Object.defineProperty(shadowed, 'cookie', { value: document.createElement('img') })
  assert.is(readCookie(shadowed, 'LoginToken'), 'a')
})

test.run()
