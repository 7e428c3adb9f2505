/**
 * What a visitor's action renders again: only the parts whose state it changes. A keystroke must
 * answer within one frame on a slow phone (docs/performance.md, interactions), so typing into a
 * field renders that field, not the legal texts, the consents and their links around it.
 * Counted as the function components Preact renders during the action.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { fireEvent, screen } from '@testing-library/preact'
import { options, type VNode } from 'preact'
import {
  email,
  renderNewsletter,
  resetNewsletterTest,
  settle,
  text,
} from '../../test/helpers/newsletter'

test.after.each(resetNewsletterTest)

/** The components' own names: the runtime layer renders each function component through a class of its own. */
const names = new Map<unknown, string>()
const previousVnode = options.vnode
options.vnode = (vnode: VNode) => {
  const type = vnode.type
  previousVnode?.(vnode)
  if (typeof type === 'function' && !names.has(vnode.type)) names.set(vnode.type, type.name)
}

/** Names of the function components rendered while `action` and its renders run. */
async function rendered(action: () => void): Promise<string[]> {
  const seen: string[] = []
  const previous = options.diffed
  options.diffed = (vnode: VNode) => {
    if (typeof vnode.type === 'function') seen.push(names.get(vnode.type) ?? vnode.type.name)
    previous?.(vnode)
  }
  try {
    action()
    await settle()
  } finally {
    options.diffed = previous
  }
  return seen
}

test('a keystroke in the e-mail field renders the e-mail field alone', async () => {
  await renderNewsletter('AT')
  const field = await email()
  field.focus()
  await settle()
  const names = await rendered(() => fireEvent.input(field, { target: { value: 'a' } }))
  assert.equal(
    [...names].sort(),
    ['FieldFrame', 'FieldMessages', 'FormField', 'Input', 'RequiredMarker'],
    'the e-mail field and its parts, once each',
  )
})

test('focusing the e-mail field renders the fields it reveals, not the rest of the form', async () => {
  await renderNewsletter('AT')
  const field = await email()
  const names = await rendered(() => field.focus())
  assert.ok(names.includes('Select'), 'the salutation appeared')
  assert.not.ok(names.includes('TextLink'), `rendered: ${names.join(', ')}`)
  assert.not.ok(names.includes('NewsletterForm'))
})

test('ticking the consent box renders the end of the form, not the fields or the legal notice', async () => {
  await renderNewsletter('AT')
  await email()
  const box = screen.getAllByRole('checkbox')[0]
  const names = await rendered(() => fireEvent.click(box))
  assert.ok(names.includes('Checkbox'))
  assert.not.ok(names.includes('Input'), `rendered: ${names.join(', ')}`)
  assert.not.ok(names.includes('NewsletterForm'))
  assert.ok(screen.getAllByRole('link', { name: text('privacyLink') }).length > 0)
})

test.run()
