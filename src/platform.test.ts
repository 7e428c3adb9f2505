import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import {
  INITIAL_WIDTH,
  isPhoneLike,
  isTouchLike,
  parsePlatform,
  platformFromWidth,
  watchPlatform,
} from './platform'

const test = suite('platform')

test('width thresholds: under 768 phone, under 1280 tablet, else classic', () => {
  const cases: [number, string][] = [
    [320, 'SMARTPHONE'],
    [767, 'SMARTPHONE'],
    [768, 'TABLET'],
    [1279, 'TABLET'],
    [1280, 'CLASSIC'],
    [1920, 'CLASSIC'],
  ]
  for (const [width, expected] of cases) assert.is(platformFromWidth(width), expected, `${width}px`)
})

test('the initial width value is 20000, which is classic', () => {
  assert.is(INITIAL_WIDTH, 20000)
  assert.is(platformFromWidth(), 'CLASSIC')
})

test('phone-like is MATCH or SMARTPHONE; touch-like adds TABLET', () => {
  assert.equal(
    ['MATCH', 'SMARTPHONE', 'TABLET', 'CLASSIC'].map((p) => isPhoneLike(p as never)),
    [true, true, false, false],
  )
  assert.equal(
    ['MATCH', 'SMARTPHONE', 'TABLET', 'CLASSIC'].map((p) => isTouchLike(p as never)),
    [true, true, true, false],
  )
})

test('platform names parse in any case', () => {
  assert.is(parsePlatform(' smartphone '), 'SMARTPHONE')
  assert.is(parsePlatform('Match'), 'MATCH')
  assert.is(parsePlatform('desktop'), undefined)
  assert.is(parsePlatform(null), undefined)
})

function fakeWindow(width: number, htmlPlatform?: string) {
  const listeners: (() => void)[] = []
  const doc = document.implementation.createHTMLDocument('x')
  if (htmlPlatform) doc.documentElement.setAttribute('platform', htmlPlatform)
  const win = {
    innerWidth: width,
    document: doc,
    // Answers like a browser's (max-width: Npx) query for the current width.
    matchMedia: (query: string) => ({
      get matches() {
        return win.innerWidth <= Number(/max-width: (\d+)px/.exec(query)![1])
      },
      addListener: (fn: () => void) => listeners.push(fn),
      removeListener: () => {},
    }),
  }
  return {
    win: win as unknown as Window,
    resize(w: number) {
      win.innerWidth = w
      for (const fn of listeners) fn()
    },
    listeners,
  }
}

test('the embed attribute wins over the html attribute and the width', () => {
  const { win } = fakeWindow(400, 'tablet')
  assert.is(watchPlatform('CLASSIC', win).platform.value, 'CLASSIC')
})

test('the html element platform attribute wins over the width', () => {
  const { win } = fakeWindow(1600, 'smartphone')
  assert.is(watchPlatform(undefined, win).platform.value, 'SMARTPHONE')
})

test('host markup named documentElement (<img name="documentElement" platform="smartphone">, an <iframe name>) switches nothing', () => {
  for (const shadow of [{ getAttribute: () => 'smartphone' }, {}]) {
    const { win } = fakeWindow(1600)
    // A named element on a real document is the document's own property (jsdom has no named properties).
    Object.defineProperty(win.document, 'documentElement', { value: shadow })
    assert.is(watchPlatform(undefined, win).platform.value, 'CLASSIC')
  }
})

test('a width-based platform follows breakpoint crossings', () => {
  const { win, resize } = fakeWindow(1400)
  const { platform } = watchPlatform(undefined, win)
  assert.is(platform.value, 'CLASSIC')
  resize(900)
  assert.is(platform.value, 'TABLET')
  resize(500)
  assert.is(platform.value, 'SMARTPHONE')
})

test('the device class follows the width even when the platform is fixed (the view changer needs both)', () => {
  const { win, resize } = fakeWindow(400, 'classic')
  const source = watchPlatform(undefined, win)
  assert.is(source.platform.value, 'CLASSIC')
  assert.is(source.device.value, 'SMARTPHONE')
  resize(1000)
  assert.is(source.device.value, 'TABLET')
  assert.is(source.platform.value, 'CLASSIC')
})

test('a view chosen in the page wins over the attribute, the html element and the width, for this page view', () => {
  const { win } = fakeWindow(400)
  const fixed = watchPlatform('SMARTPHONE', win)
  fixed.choose('CLASSIC')
  assert.is(fixed.platform.value, 'CLASSIC')
  const fromWidth = watchPlatform(undefined, fakeWindow(400, 'classic').win)
  fromWidth.choose('SMARTPHONE')
  assert.is(fromWidth.platform.value, 'SMARTPHONE')
})

test.run()
