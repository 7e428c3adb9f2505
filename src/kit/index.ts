/**
 * The kit's one door: import every component from here (`import { Button } from './'`).
 * Modules have no side effects, so a bundle carries only what it uses (build/test/kit-tree-shaking.test.ts).
 */
export {
  Button,
  BUTTON_SIZES,
  BUTTON_VARIANTS,
  type ButtonProps,
  type ButtonVariant,
  type ButtonSize,
  type ButtonState,
} from './button/button'
export type { FieldProps, FieldState } from './field/field'
export { Input, type InputProps } from './input/input'
export { IbanInput, type IbanInputProps } from './iban-input/iban-input'
export { cleanIban, groupIban } from './iban-input/iban-format'
export {
  genericValidator,
  isIban,
  invalidMessage,
  GENERIC_INVALID,
  FIELD_INVALID,
  type Validator,
  type MessageGenerator,
} from './validation/validator'
export { ValidatedInput, type ValidatedInputProps } from './validation/validated-input'
export { errorAfterEdit } from './validation/error-rule'
export { NumberInput, type NumberInputProps } from './number-input/number-input'
export { cleanNumber } from './number-input/number-format'
export { Select, type SelectProps, type SelectOption } from './select/select'
export {
  Radio,
  RadioGroup,
  type RadioProps,
  type RadioGroupProps,
  type RadioOption,
} from './radio/radio'
export { Checkbox, type CheckboxProps } from './checkbox/checkbox'
export {
  Notification,
  type NotificationProps,
  type NotificationType,
} from './notification/notification'
export { ExpansionPanel, type ExpansionPanelProps } from './expansion-panel/expansion-panel'
export { TextSlider, type TextSliderProps } from './text-slider/text-slider'
export { ExpandIcon, type ExpandIconProps } from './expand-icon/expand-icon'
export { Icon, type IconProps, type IconName } from './icon/icon'
export { ICON_PATHS } from './icon/icon-paths'
export { CloseButton, type CloseButtonProps } from './close-button/close-button'
export { BRAND_ICON_PATHS, brandIconPath } from './icon/brand-icons'
export { TEASER_ICON_PATHS, teaserIconPath } from './icon/teaser-icons'
export { TextLink, type TextLinkProps } from './text-link/text-link'
export { assumePage, checkLink, safeUrl, opensInNewTab } from './text-link/safe-url'
export { PasswordStrength, type PasswordStrengthProps } from './password-strength/password-strength'
export { passwordScore, type PasswordScore } from './password-strength/password-score'
export { passwordLanguage, type PasswordLanguage } from './password-strength/password-texts'
export { BREAKPOINTS, above, below, type Breakpoint } from '../styles/tokens'
export { IdPrefix } from './hooks'
