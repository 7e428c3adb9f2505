/** A lazily loaded file's texts join the footer's dictionary nested, beside the texts already there. */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { addTexts } from './add-texts'
import { t } from './i18n'

test('adds texts into their feature and deeper levels, keeping the texts beside them', () => {
  const dictionary = {
    newsletter: { title: 'Title', errors: { email: 'Email' } },
    core: { a: 'A' },
  }
  addTexts(
    { newsletter: { doiConfirm: 'Confirm', errors: { token: 'Token' } }, preview: { x: 'X' } },
    dictionary,
  )
  assert.equal(dictionary, {
    newsletter: {
      title: 'Title',
      errors: { email: 'Email', token: 'Token' },
      doiConfirm: 'Confirm',
    },
    core: { a: 'A' },
    preview: { x: 'X' },
  })
})

test('without a dictionary named, the texts reach t()', () => {
  addTexts({ newsletter: { addTextsProbe: 'Probe' } })
  assert.is(t('newsletter.addTextsProbe'), 'Probe')
})

test.run()
