/**
 * The checkout's folders the server reads and writes unless its settings name others: the core
 * is handed them (it knows no repository), the demo and the tools name them here.
 */
import path from 'node:path'
import { REPO_ROOT } from '../build/repo-root.ts'

/** The footer's content per market and the host pages (fixtures/). */
export const FIXTURES_DIR = path.join(REPO_ROOT, 'fixtures')
/** The widget's texts per locale, whose newsletter strings are the consent texts (locales/). */
export const LOCALES_DIR = path.join(REPO_ROOT, 'locales')
/** The embedded database's folder when DATA_DIR is unset (git-ignored). */
export const DATA_DIR = path.join(REPO_ROOT, '.data')
/** The built bundles the demo serves (npm run build). */
export const DIST_DIR = path.join(REPO_ROOT, 'dist')
