/** What the site shows that an operator configures at build time (VITE_* variables). */
export const siteConfig = {
  productName: import.meta.env.VITE_PRODUCT_NAME || 'Ledgerline',
  supportEmail: import.meta.env.VITE_SUPPORT_EMAIL || 'support@ledgerline.local',
  apiBaseUrl: '/api/v1',
} as const;
