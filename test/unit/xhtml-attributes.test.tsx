/**
 * Attributes keep their HTML names in XHTML documents (application/xhtml+xml), where
 * setAttribute keeps the case it is given: React's `autoComplete` must come out as
 * `autocomplete`, or the browser ignores it. Rendered with the shipped aliases into an XML
 * document of jsdom (Preact's attribute step lowercases them: build/product/library-patches.ts).
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { JSDOM } from 'jsdom'
import { act } from 'preact/test-utils'
import type { ReactElement } from 'react'
import { createRoot } from 'react-dom/client'
import { Input } from '../../src/kit/input/input'

const test = suite('XHTML attribute names')

const XHTML =
  '<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml" lang="de"><head><title>x</title></head><body><div id="root"></div></body></html>'

/** Renders into a fresh XHTML document; Preact creates elements in the global document, so it is that one while rendering. */
async function renderXhtml(element: ReactElement): Promise<Document> {
  const xdoc = new JSDOM(XHTML, { contentType: 'application/xhtml+xml' }).window.document
  const g = globalThis as { document: Document }
  const htmlDocument = g.document
  g.document = xdoc
  try {
    await act(() => createRoot(xdoc.getElementById('root')!).render(element))
  } finally {
    g.document = htmlDocument
  }
  return xdoc
}

const attributeNames = (el: Element) => [...el.attributes].map((a) => a.name).sort()

test('the document is XML: setAttribute keeps the case (what the fix must work with)', () => {
  const xdoc = new JSDOM(XHTML, { contentType: 'application/xhtml+xml' }).window.document
  const div = xdoc.createElementNS('http://www.w3.org/1999/xhtml', 'div')
  div.setAttribute('tabIndex', '-1')
  assert.equal(attributeNames(div), ['tabIndex'])
})

test('React camelCase HTML props come out lower case: autocomplete, tabindex, srcset, colspan, maxlength, inputmode, enctype', async () => {
  const xdoc = await renderXhtml(
    <form encType="multipart/form-data">
      <input
        id="mail"
        type="email"
        autoComplete="email"
        maxLength={256}
        inputMode="email"
        spellCheck={false}
      />
      <input id="trap" tabIndex={-1} autoComplete="off" readOnly />
      <picture>
        <source id="wide" media="(min-width: 1024px)" srcSet="/wide.jpg" />
        <img id="img" src="/small.jpg" alt="" />
      </picture>
      <table>
        <tbody>
          <tr>
            <td id="cell" colSpan={2} rowSpan={3}>
              x
            </td>
          </tr>
        </tbody>
      </table>
    </form>,
  )
  const mail = xdoc.getElementById('mail')!
  assert.is(mail.getAttribute('autocomplete'), 'email')
  assert.is(mail.getAttribute('maxlength'), '256')
  assert.is(mail.getAttribute('inputmode'), 'email')
  const trap = xdoc.getElementById('trap') as HTMLInputElement
  assert.is(trap.getAttribute('tabindex'), '-1')
  assert.is(trap.tabIndex, -1)
  assert.ok(trap.hasAttribute('readonly'))
  assert.is(xdoc.getElementById('wide')!.getAttribute('srcset'), '/wide.jpg')
  const cell = xdoc.getElementById('cell')!
  assert.is(cell.getAttribute('colspan'), '2')
  assert.is(cell.getAttribute('rowspan'), '3')
  assert.is(xdoc.querySelector('form')!.getAttribute('enctype'), 'multipart/form-data')
  for (const el of xdoc.querySelectorAll('*'))
    assert.equal(
      attributeNames(el).filter((n) => /[A-Z]/.test(n)),
      [],
      `<${el.localName}> has camelCase attributes`,
    )
})

test('the kit Input in XHTML: the e-mail field has autocomplete="email"', async () => {
  const xdoc = await renderXhtml(<Input label="E-Mail-Adresse" type="email" />)
  assert.is(xdoc.querySelector('input')!.getAttribute('autocomplete'), 'email')
})

test('SVG keeps its camelCase attributes (viewBox)', async () => {
  const xdoc = await renderXhtml(
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path d="M0 0h24v24H0z" />
    </svg>,
  )
  assert.is(xdoc.querySelector('svg')!.getAttribute('viewBox'), '0 0 24 24')
})

test.run()
