/**
 * The view changer (SPEC §3 viewChanger: toMobile, toDesktop). A visitor on a phone or tablet
 * can switch to the desktop view; one who is in the desktop view on a small device can switch
 * back. The widget never stores the choice (it sets no cookies): it tells the host with a
 * bubbling, cancellable `lumora:view-change` event on #footer, detail { view, platform }. A host
 * that cancels it switches by itself (e.g. sets its Hunter-Platform cookie and reloads);
 * otherwise the widget shows the chosen layout for this page view, and a host that wants the
 * choice to last persists it (e.g. the cookie, and `<html platform="...">` on the next pages,
 * which the widget reads). Documented for integrators in docs/EMBEDDING.md.
 *
 * A button, not a link: it changes the page in place and goes nowhere.
 */
import { useSignals } from '@preact/signals-react/runtime'
import { useWidget } from '../../base/widget-context'
import { isTouchLike } from '../../platform'
import { VIEW_CHANGE_EVENT, type ViewChangeDetail } from '../view-change'

export { VIEW_CHANGE_EVENT, type ViewChangeDetail }

export function ViewChanger({ texts }: { texts: { toMobile: string; toDesktop: string } }) {
  useSignals()
  const widget = useWidget()
  const toDesktop = isTouchLike(widget.platform.value)
  const device = widget.device.value
  if (!toDesktop && !isTouchLike(device)) return null
  const detail: ViewChangeDetail = toDesktop
    ? { view: 'desktop', platform: 'CLASSIC' }
    : { view: 'mobile', platform: device }
  const change = () => {
    const event = new CustomEvent(VIEW_CHANGE_EVENT, {
      detail,
      bubbles: true,
      cancelable: true,
      composed: true,
    })
    // dispatchEvent answers false when a listener cancelled; a listener's own error never reaches us.
    if (widget.mountElement.dispatchEvent(event)) widget.choosePlatform(detail.platform)
  }
  return (
    <p className="lf-view-changer">
      <button type="button" className="lf-view-changer__button" onClick={change}>
        {toDesktop ? texts.toDesktop : texts.toMobile}
      </button>
    </p>
  )
}
