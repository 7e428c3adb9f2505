/**
 * The React API of the shipped bundles: exactly what the source imports from `react`, on Preact's
 * core and hooks (build/product/build.ts PREACT_ALIASES maps `react` here). Each export carries
 * React's own type, and `npm run typecheck` resolves `react` to this module (tsconfig.json
 * `paths`), so importing any other React name fails the type check until it is added here.
 *
 * The one React behaviour Preact's core lacks that the source relies on: `onChange` of a text
 * field fires on each input (React's semantics), where the DOM's `change` fires only on blur.
 * `options.vnode` (Preact's public options hook) rewrites it to `onInput` as each element is
 * created. Everything else the source writes (`className`, `htmlFor`, `defaultValue`,
 * `defaultChecked`, `onFocus`/`onBlur` on the field itself) means the same in Preact's core.
 * src/shims/react.test.tsx checks each of them.
 */
import {
  Component as PreactComponent,
  Fragment as PreactFragment,
  createContext as preactCreateContext,
  createElement,
  options,
  type VNode,
} from 'preact'
import * as hooks from 'preact/hooks'

// React's own types (the UMD namespace of @types/react: `react` itself resolves to this module).
export type AnchorHTMLAttributes<T> = React.AnchorHTMLAttributes<T>
export type ButtonHTMLAttributes<T> = React.ButtonHTMLAttributes<T>
export type ChangeEvent<T = Element> = React.ChangeEvent<T>
export type FormEvent<T = Element> = React.FormEvent<T>
export type InputHTMLAttributes<T> = React.InputHTMLAttributes<T>
export type KeyboardEvent<T = Element> = React.KeyboardEvent<T>
export type MouseEvent<T = Element> = React.MouseEvent<T>
export type ReactElement = React.ReactElement
export type ReactNode = React.ReactNode
export type Ref<T> = React.Ref<T>
export type RefObject<T> = React.RefObject<T>
export type SelectHTMLAttributes<T> = React.SelectHTMLAttributes<T>

export const Component = PreactComponent as unknown as ReactApi['Component']
export const Fragment = PreactFragment as unknown as ReactApi['Fragment']
export const createContext = preactCreateContext as unknown as ReactApi['createContext']
export const useContext = hooks.useContext as unknown as ReactApi['useContext']
export const useEffect = hooks.useEffect as unknown as ReactApi['useEffect']
export const useId = hooks.useId as ReactApi['useId']
export const useLayoutEffect = hooks.useLayoutEffect as unknown as ReactApi['useLayoutEffect']
export const useMemo = hooks.useMemo as ReactApi['useMemo']
export const useRef = hooks.useRef as unknown as ReactApi['useRef']
export const useState = hooks.useState as unknown as ReactApi['useState']

type Props = Record<string, unknown>

/** Props equal key by key (React's `memo` comparison). */
function sameProps(a: Props, b: Props): boolean {
  for (const key in a) if (a[key] !== b[key]) return false
  for (const key in b) if (!(key in a)) return false
  return true
}

/** React's `memo`: the component renders again only when a prop changed. */
function memoOnPreact(render: (props: Props) => unknown) {
  return class Memo extends PreactComponent<Props> {
    shouldComponentUpdate(next: Props) {
      return !sameProps(this.props, next)
    }
    render(props: Props) {
      return createElement(render as never, props)
    }
  }
}
export const memo = memoOnPreact as unknown as ReactApi['memo']

/** The input types whose `change` event is already React's: the DOM fires it on each click. */
const CLICKED_INPUT = /^(checkbox|radio|file)$/

const previousVnodeHook = options.vnode
options.vnode = (vnode: VNode<Props>) => {
  const props = vnode.props
  if (
    props.onChange &&
    (vnode.type === 'textarea' ||
      (vnode.type === 'input' && !CLICKED_INPUT.test(props.type as string)))
  ) {
    props.onInput = props.onChange
    props.onChange = undefined
  }
  previousVnodeHook?.(vnode)
}
