/** Records console.warn / console.error calls while a function runs, and keeps them off the test output. */
export interface Captured {
  warnings: string[]
  errors: string[]
}

export async function captureConsole<T>(
  fn: () => T | Promise<T>,
): Promise<Captured & { result: T }> {
  const warnings: string[] = []
  const errors: string[] = []
  const { warn, error } = console
  const text = (args: unknown[]) =>
    args.map((a) => (a instanceof Error ? a.message : String(a))).join(' ')
  console.warn = (...args: unknown[]) => void warnings.push(text(args))
  console.error = (...args: unknown[]) => void errors.push(text(args))
  try {
    const result = await fn()
    return { warnings, errors, result }
  } finally {
    console.warn = warn
    console.error = error
  }
}
