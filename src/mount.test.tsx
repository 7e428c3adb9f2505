import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { render } from '@testing-library/preact'
import { captureConsole } from '../test/helpers/console'
import { ErrorBoundary } from './app/error-boundary'
import { GLOBAL_KEY } from './contract'

const test = suite('mount')

const { result: mountModule, errors: importErrors } = await captureConsole(() => import('./mount'))
const { boot } = mountModule

/** The widget's own tag: a script element whose file is this bundle's (__LOCALE__ is de-DE in tests). */
const OWN_SRC = 'https://cdn.shop.test/static/footer.de-DE.0123456789.js'
function scriptTag(site: string, src = OWN_SRC): HTMLScriptElement {
  const script = document.createElement('script')
  script.setAttribute('data-site', site)
  script.src = src
  return script
}

/** Mounts with `tag` as the captured script, on a page whose API answers 404; the root's market once rendered. */
async function mountedSite(tag: Element | null) {
  const win = window as unknown as { fetch?: typeof fetch }
  const realFetch = win.fetch
  win.fetch = async () => new Response('', { status: 404 })
  const logged = await captureConsole(async () => {
    boot(window, tag)
    await until(
      () => !!document.getElementById('footer')?.shadowRoot?.querySelector('.lf-copyright'),
    )
  })
  win.fetch = realFetch
  return {
    ...logged,
    site: document
      .getElementById('footer')
      ?.shadowRoot?.querySelector('.lf-root')
      ?.getAttribute('data-site'),
  }
}

/**
 * boot() starts in short tasks (see mount.ts: the widget's set-up, the first render, then the
 * bottom group after the effects run); wait until `done` holds (at most 3 s on a busy machine).
 */
async function until(done: () => boolean) {
  for (const end = Date.now() + 3000; !done() && Date.now() < end; )
    await new Promise((resolve) => setTimeout(resolve, 10))
}
const shadowRoot = () => document.getElementById('footer')!.shadowRoot!

test.before.each(() => {
  delete (window as unknown as Record<string, unknown>)[GLOBAL_KEY]
  document.body.innerHTML = ''
})

test('without #footer: a clear console error, nothing thrown, the page untouched', async () => {
  assert.match(importErrors.join('\n'), /No element with id="footer"/)
  document.body.innerHTML = '<main><p>Host content</p></main>'
  const before = document.body.innerHTML
  const { errors } = await captureConsole(() => boot(window, scriptTag('DE')))
  assert.is(errors.length, 1)
  assert.match(errors[0], /\[Lumora footer\] No element with id="footer"/)
  assert.is(document.body.innerHTML, before)
})

test('mounts into a shadow root of #footer with the market and locale', async () => {
  document.body.innerHTML = '<div id="footer"></div>'
  // This page has no contract server: content and psdata answer 404 (no content sections).
  const win = window as unknown as { fetch?: typeof fetch }
  const realFetch = win.fetch
  win.fetch = async () => new Response('', { status: 404 })
  const { errors } = await captureConsole(async () => {
    boot(window, scriptTag('AT'))
    await until(() => !!shadowRoot().querySelector('.lf-copyright'))
  })
  win.fetch = realFetch
  assert.equal(errors, [])
  const root = document.getElementById('footer')!.shadowRoot!.querySelector('.lf-root')!
  assert.is(root.getAttribute('data-site'), 'AT')
  assert.is(root.getAttribute('lang'), 'de-DE')
  assert.match(
    root.querySelector('footer')?.textContent ?? '',
    /© \d{4} Lumora\. Alle Rechte vorbehalten\./,
  )
})

test('included twice: mounts once and says so', async () => {
  document.body.innerHTML = '<div id="footer"></div>'
  const { warnings } = await captureConsole(async () => {
    boot(window, scriptTag('DE'))
    boot(window, scriptTag('DE'))
    await until(() => !!shadowRoot().querySelector('.lf-root'))
    await new Promise((resolve) => setTimeout(resolve, 50))
  })
  assert.match(warnings.join('\n'), /included more than once/)
  assert.is(document.getElementById('footer')!.shadowRoot!.querySelectorAll('.lf-root').length, 1)
})

test('a host element named like the tag (<img name="currentScript">) is not taken for it: its attributes are ignored', async () => {
  document.body.innerHTML =
    '<div id="footer"></div><img name="currentScript" src="//evil.example/x.js" data-site="TR">'
  const { site, warnings } = await mountedSite(document.querySelector('img'))
  assert.is(site, 'DE')
  assert.match(warnings.join('\n'), /own script tag/)
})

test("a script element of another file is not the widget's tag either", async () => {
  document.body.innerHTML = '<div id="footer"></div>'
  const { site } = await mountedSite(scriptTag('TR', 'https://evil.example/footer.js'))
  assert.is(site, 'DE')
})

test("the widget's own tag (its file is this bundle, any path or origin) is read", async () => {
  document.body.innerHTML = '<div id="footer"></div>'
  const { site, warnings } = await mountedSite(scriptTag('TR'))
  assert.is(site, 'TR')
  assert.not.match(warnings.join('\n'), /own script tag/)
})

for (const markup of [
  '<a id="__lumoraFooter" href="#"></a>',
  '<form name="__lumoraFooter"><input name="version" value="1"></form>',
  '<a id="__lumoraFooter"></a><a id="__lumoraFooter"></a>',
]) {
  test(`host markup named like the global (${markup}) does not switch the widget off`, async () => {
    document.body.innerHTML = `<div id="footer"></div>${markup}`
    assert.ok(
      (window as unknown as Record<string, unknown>)[GLOBAL_KEY],
      'the markup shadows the global',
    )
    const { site, warnings } = await mountedSite(scriptTag('AT'))
    assert.is(site, 'AT')
    assert.not.match(warnings.join('\n'), /included more than once/)
  })
}

test('adds exactly one global', async () => {
  document.body.innerHTML = '<div id="footer"></div>'
  const before = new Set(Object.keys(window))
  await captureConsole(() => boot(window, scriptTag('DE')))
  const added = Object.keys(window).filter((k) => !before.has(k))
  assert.equal(added, [GLOBAL_KEY])
})

test('an error inside a section is caught and logged, and the rest renders', async () => {
  function Broken(): never {
    throw new Error('boom')
  }
  const { errors, result } = await captureConsole(() =>
    render(
      <div>
        <ErrorBoundary name="Teasers">
          <Broken />
        </ErrorBoundary>
        <p>still here</p>
      </div>,
    ),
  )
  assert.ok(result.getByText('still here'))
  assert.match(errors.join('\n'), /Teasers failed to render/)
  result.unmount()
})

test.run()
