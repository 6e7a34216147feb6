import { siteConfig } from '../../config';
import { privacyPolicy } from '../../content/legal/privacy-policy';
import { regulations } from '../../content/legal/regulations';
import { termsOfService } from '../../content/legal/terms-of-service';
import { LegalScreen } from './LegalScreen';

/** /privacy-policy: the privacy policy with this site's name and support address. */
export function PrivacyPolicyPage() {
  return <LegalScreen document={privacyPolicy(siteConfig)} />;
}

/** /regulations: the regulations with this site's name and support address. */
export function RegulationsPage() {
  return <LegalScreen document={regulations(siteConfig)} />;
}

/** /terms-of-service: the terms with this site's name and support address. */
export function TermsOfServicePage() {
  return <LegalScreen document={termsOfService(siteConfig)} />;
}
