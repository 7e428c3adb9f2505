/**
 * The main bundle's preview loader on the lazily loaded files' loader (src/lazy-file.ts): staff
 * cookie gate, URL next to the footer script, Trusted Types, hand-off and failures.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { captureConsole } from '../../test/helpers/console'
import { createTestWidget } from '../../test/helpers/widget'
import { GLOBAL_KEY } from '../contract/contract'
import { createStyleRoot } from '../styles/style-root'
import { fileLoader, TRUSTED_TYPES_POLICY, type HandOffs } from '../lazy-file'
import { loadPreview, type PreviewHost } from './load'

const test = suite('preview loader')
const FOOTER_SRC = 'https://cdn.shop.test/assets/v1/footer.de-DE.0123456789.js'
const PREVIEW_URL = 'https://cdn.shop.test/assets/v1/preview.test.js' // __PREVIEW_FILE__ is "preview.test.js" in tests

function clearCookies() {
  for (const name of ['StaffAuthToken', 'CobraAuthToken', 'LoginToken'])
    document.cookie = `${name}=; Max-Age=0; Path=/`
}

/** The file's load event, and the promise reactions that follow it (the loader resolves, the panel mounts). */
async function loaded(tag: HTMLScriptElement, type = 'load') {
  tag.dispatchEvent(new Event(type))
  await new Promise((resolve) => setImmediate(resolve))
}

function setup(options: { src?: string | null; nonce?: string; trustedTypes?: boolean } = {}) {
  const host = document.createElement('div')
  document.body.appendChild(host)
  const shadow = host.attachShadow({ mode: 'open' })
  const app = document.createElement('div')
  shadow.appendChild(app)
  const footerScript = document.createElement('script')
  if (options.src !== null) footerScript.src = options.src ?? FOOTER_SRC
  const global: HandOffs & { version: string } = { version: 'test' }
  const policies: { name: string; createScriptURL(url: string): string }[] = []
  const win = {
    [GLOBAL_KEY]: global,
    ...(options.trustedTypes
      ? {
          trustedTypes: {
            createPolicy(name: string, rules: { createScriptURL(url: string): string }) {
              policies.push({ name, ...rules })
              return {
                createScriptURL: (url: string) => ({
                  trusted: rules.createScriptURL(url),
                  toString: () => rules.createScriptURL(url),
                }),
              }
            },
          },
        }
      : {}),
  } as unknown as Window
  const { widget } = createTestWidget({
    config: { nonce: options.nonce },
    load: fileLoader(win, options.src === null ? null : footerScript.src, document, options.nonce),
  })
  const styleRoot = createStyleRoot(shadow)
  const load = () => captureConsole(() => loadPreview(shadow, styleRoot, widget))
  const added = () => [...document.head.querySelectorAll('script')]
  return { widget, shadow, app, global, policies, load, added, styleRoot }
}

test.before.each(() => {
  clearCookies()
  document.head.innerHTML = ''
  document.body.innerHTML = ''
})
test.after(clearCookies)

test('without a staff cookie nothing is requested and nothing logged', async () => {
  document.cookie = 'LoginToken=abc; Path=/'
  const { load, added, shadow } = setup()
  const { errors, warnings } = await load()
  assert.is(added().length, 0)
  assert.is(shadow.childNodes.length, 1)
  assert.equal([...errors, ...warnings], [])
})

for (const cookie of ['StaffAuthToken', 'CobraAuthToken']) {
  test(`with ${cookie} the preview file is added, next to the footer script`, async () => {
    document.cookie = `${cookie}=t; Path=/`
    const { load, added } = setup()
    await load()
    assert.is(added().length, 1)
    assert.is(added()[0].src, PREVIEW_URL)
  })
}

test('an empty staff cookie does not count', async () => {
  document.cookie = 'StaffAuthToken=; Path=/'
  const { load, added } = setup()
  await load()
  assert.is(added().length, 0)
})

test('on load it hands a container inside the shadow root, the style root and the widget to the preview file', async () => {
  document.cookie = 'StaffAuthToken=t; Path=/'
  const { load, added, global, shadow, app, widget, styleRoot } = setup()
  await load()
  let host: PreviewHost | undefined
  // What the preview file does when it runs: hand over its module function.
  global.preview!(() => ({ mountPreview: (h: PreviewHost) => (host = h) }))
  const { errors } = await captureConsole(() => loaded(added()[0]))
  assert.equal(errors, [])
  assert.ok(host)
  assert.is(host!.container.parentNode, shadow)
  assert.is(shadow.firstChild, host!.container, 'the panel sits above the footer')
  assert.is(shadow.lastChild, app)
  assert.is(host!.widget, widget)
  assert.is(host!.styleRoot, styleRoot)
})

test("the preview file's module function receives the footer's runtime", async () => {
  document.cookie = 'StaffAuthToken=t; Path=/'
  const { load, global } = setup()
  await load()
  let received: unknown
  global.preview!((runtime: unknown) => {
    received = runtime
    return { mountPreview: () => {} }
  })
  assert.type(received, 'object')
})

test('a preview file that fails to load is logged; the shadow root is untouched', async () => {
  document.cookie = 'StaffAuthToken=t; Path=/'
  const { load, added, shadow } = setup()
  await load()
  const { errors } = await captureConsole(() => loaded(added()[0], 'error'))
  assert.is(errors.length, 1)
  assert.match(errors[0], /\bE6\b.* https:\/\/cdn\.shop\.test\/assets\/v1\/preview\.test\.js/)
  assert.is(shadow.childNodes.length, 1)
})

test('a preview file that does not register itself is logged', async () => {
  document.cookie = 'StaffAuthToken=t; Path=/'
  const { load, added, shadow } = setup()
  await load()
  const { errors } = await captureConsole(() => loaded(added()[0]))
  assert.match(errors.join(), /\bE6\b.* .*preview\.test\.js/)
  assert.is(shadow.childNodes.length, 1)
})

test('a preview that throws while starting is logged and its container removed', async () => {
  document.cookie = 'StaffAuthToken=t; Path=/'
  const { load, added, global, shadow } = setup()
  await load()
  global.preview!(() => ({
    mountPreview: () => {
      throw new Error('boom')
    },
  }))
  const { errors } = await captureConsole(() => loaded(added()[0]))
  assert.match(errors.join(), /\bE6\b.* .*preview\.test\.js boom/)
  assert.is(shadow.childNodes.length, 1)
})

test('without the footer script src there is no place to load from: logged, nothing added', async () => {
  document.cookie = 'StaffAuthToken=t; Path=/'
  const { load, added } = setup({ src: null })
  const { errors } = await load()
  assert.is(added().length, 0)
  assert.match(errors.join(), /\bE6\b.* preview\.test\.js/)
})

test('the preview script carries the hash the build computed (integrity) and is fetched with CORS, so a changed file is refused', async () => {
  document.cookie = 'StaffAuthToken=t; Path=/'
  const { load, added } = setup()
  await load()
  assert.is(added()[0].getAttribute('integrity'), 'sha384-previewtest') // __PREVIEW_INTEGRITY__ in tests
  assert.is(added()[0].getAttribute('crossorigin'), 'anonymous')
})

test("the page nonce (the tag's nonce) goes on the preview script", async () => {
  document.cookie = 'StaffAuthToken=t; Path=/'
  const { load, added } = setup({ nonce: 'n0nce' })
  await load()
  assert.is(added()[0].nonce, 'n0nce')
})

test('with Trusted Types the URL comes from one policy that accepts only the URLs of the files loaded', async () => {
  document.cookie = 'StaffAuthToken=t; Path=/'
  const { load, added, policies, widget } = setup({ trustedTypes: true })
  await load()
  assert.is(policies.length, 1)
  assert.is(policies[0].name, TRUSTED_TYPES_POLICY)
  assert.is(added()[0].src, PREVIEW_URL)
  assert.is(policies[0].createScriptURL(PREVIEW_URL), PREVIEW_URL)
  // A second file (the double opt-in landing's) goes through the same policy: a second policy of
  // that name would be refused under a `trusted-types` list.
  void widget.load('doi')
  const doiUrl = 'https://cdn.shop.test/assets/v1/doi-landing.test.js' // __DOI_FILE__ in tests
  assert.is(policies.length, 1)
  assert.is(added()[1].src, doiUrl)
  assert.is(added()[1].getAttribute('integrity'), 'sha384-doitest')
  assert.is(policies[0].createScriptURL(doiUrl), doiUrl)
  for (const other of [
    'https://evil.test/x.js',
    'https://cdn.shop.test/assets/v1/other.js',
    'javascript:alert(1)',
  ]) {
    assert.throws(() => policies[0].createScriptURL(other))
  }
})

test.run()
