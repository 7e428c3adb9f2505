/**
 * Catches render errors of the part it wraps, logs them and renders `fallback` (nothing by
 * default), so one broken section never takes the footer, let alone the host page, down.
 * A class component: the React API has no hook for this.
 */
import { Component, type ReactNode } from 'react'
import { log } from '../log'

interface Props {
  /** Names the section in the log. */
  name: string
  fallback?: ReactNode
  /** Told when the part failed, e.g. so what waits for it goes on. */
  onError?: () => void
  children: ReactNode
}

export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  // Assigned, not a class field: the browser floor lacks class fields, and their lowered form ships a helper.
  constructor(props: Props) {
    super(props)
    this.state = { failed: false }
  }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  componentDidCatch(error: unknown) {
    log.error('E4', this.props.name, error)
    this.props.onError?.()
  }

  render() {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children
  }
}
