// The design system's public surface: every export is named here (STYLE.md: one named barrel).
// Apps also call `loadFonts()` from '@ledgerline/ui/fonts' once at their entry.

export {
  Accordion,
  type AccordionContentProps,
  type AccordionItemProps,
  type AccordionRootProps,
  type AccordionTriggerProps,
} from './components/Accordion/Accordion';
export { AddressText, type AddressTextProps } from './components/AddressText/AddressText';
export { AssetClassCard, type AssetClassCardProps } from './components/AssetClassCard/AssetClassCard';
export { Badge, type BadgeProps } from './components/Badge/Badge';
export { Button, type ButtonProps } from './components/Button/Button';
export { Card, type CardProps } from './components/Card/Card';
export { Carousel, type CarouselProps } from './components/Carousel/Carousel';
export { Checkbox, type CheckboxProps } from './components/Checkbox/Checkbox';
export { CoinChoice, type CoinChoiceProps } from './components/CoinChoice/CoinChoice';
export { CoinIcon, type CoinIconProps } from './components/CoinIcon/CoinIcon';
export { type Coin, type PaymentMark, paymentMarkNames } from './components/CoinIcon/coins';
export { CopyField, type CopyFieldProps } from './components/CopyField/CopyField';
export { type CopyState, copyResetMs, useClipboardCopy } from './components/CopyField/useClipboardCopy';
export {
  type DashboardNavItem,
  DashboardShell,
  type DashboardShellProps,
} from './components/DashboardShell/DashboardShell';
export {
  DataTable,
  type DataTableProps,
  type DataTableRowAction,
  type DataTableStatus,
} from './components/DataTable/DataTable';
export {
  Dialog,
  type DialogBodyProps,
  type DialogCloseProps,
  type DialogContentProps,
  type DialogDescriptionProps,
  type DialogFooterProps,
  type DialogRootProps,
  type DialogTitleProps,
  type DialogTriggerProps,
} from './components/Dialog/Dialog';
export { EmptyState, type EmptyStateProps } from './components/EmptyState/EmptyState';
export { FeatureList, type FeatureListProps } from './components/FeatureList/FeatureList';
export {
  Field,
  type FieldControlProps,
  FieldError,
  type FieldErrorProps,
  type FieldLabelProps,
  type FieldProps,
  useFieldControl,
} from './components/Field/Field';
export { FileField, type FileFieldProps } from './components/FileField/FileField';
export { Footer, type FooterProps } from './components/Footer/Footer';
export { Logo, type LogoProps } from './components/Logo/Logo';
export { type MarketCoin, MarketTable, type MarketTableProps } from './components/MarketTable/MarketTable';
export {
  type FormatUsdOptions,
  formatUsd,
  type MoneyDisplay,
  type MoneySign,
} from './components/Money/formatUsd';
export { Money, type MoneyProps } from './components/Money/Money';
export { MoneyField, type MoneyFieldProps } from './components/MoneyField/MoneyField';
export { NavBar, type NavBarProps } from './components/NavBar/NavBar';
export type { LinkComponent, NavItem, NavLinkProps } from './components/NavBar/navLink';
export {
  NotificationContent,
  type NotificationContentProps,
} from './components/NotificationDialog/NotificationContent';
export {
  NotificationDialog,
  type NotificationDialogProps,
} from './components/NotificationDialog/NotificationDialog';
export { PageHeader, type PageHeaderProps } from './components/PageHeader/PageHeader';
export { PasswordField, type PasswordFieldProps } from './components/PasswordField/PasswordField';
export { PhoneField, type PhoneFieldProps } from './components/PhoneField/PhoneField';
export { PlanCard, type PlanCardProps } from './components/PlanCard/PlanCard';
export { QRCode, type QRCodeProps } from './components/QRCode/QRCode';
export { ResultDialog, type ResultDialogProps } from './components/ResultDialog/ResultDialog';
export { Select, type SelectOption, type SelectProps } from './components/Select/Select';
export { Spinner, type SpinnerProps } from './components/Spinner/Spinner';
export { StatTile, type StatTileProps, type StatTrend } from './components/StatTile/StatTile';
export { type Status, StatusBadge, type StatusBadgeProps } from './components/StatusBadge/StatusBadge';
export { type Step, Steps, type StepsProps } from './components/Steps/Steps';
export { Switch, type SwitchProps } from './components/Switch/Switch';
export {
  Table,
  type TableCellProps,
  type TableColumnHeaderProps,
  type TableEmptyProps,
  type TableRootProps,
  type TableRowHeaderProps,
  type TableSort,
} from './components/Table/Table';
export {
  Tabs,
  type TabsContentProps,
  type TabsListProps,
  type TabsRootProps,
  type TabsTriggerProps,
} from './components/Tabs/Tabs';
export { Testimonial, type TestimonialProps } from './components/Testimonial/Testimonial';
export { TextArea, type TextAreaProps } from './components/TextArea/TextArea';
export { TextField, type TextFieldProps } from './components/TextField/TextField';
export { type TickerItem, TickerTape, type TickerTapeProps } from './components/TickerTape/TickerTape';
export { Toaster, type ToasterProps } from './components/Toaster/Toaster';
export {
  type ToastHandle,
  type ToastKind,
  type ToastOptions,
  toast,
  toastStore,
} from './components/Toaster/toastStore';
export {
  type TrendingCoin,
  TrendingList,
  type TrendingListProps,
} from './components/TrendingList/TrendingList';
export {
  DepositIcon,
  HistoryIcon,
  type IconProps,
  KycIcon,
  OverviewIcon,
  ProfileIcon,
  ReferralIcon,
  TradingPlansIcon,
  WithdrawalIcon,
} from './icons/icons';
export { visuallyHidden } from './styles/visuallyHidden.css';
export { breakpoints, media } from './theme/breakpoints';
export { vars } from './theme/contract.css';
export { pageColumn } from './theme/layout.css';
export { type Sprinkles, sprinkles } from './theme/sprinkles.css';
export { darkTheme, lightTheme, systemTheme } from './theme/themes.css';
