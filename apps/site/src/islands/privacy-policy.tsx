import { publicIsland } from '../layout/publicIsland';
import { PrivacyPolicyPage } from '../screens/legal/legalPages';

export default publicIsland('/privacy-policy', PrivacyPolicyPage);
