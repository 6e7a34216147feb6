import { publicIsland } from '../layout/publicIsland';
import { TermsOfServicePage } from '../screens/legal/legalPages';

export default publicIsland('/terms-of-service', TermsOfServicePage);
