import { publicIsland } from '../layout/publicIsland';
import { RegulationsPage } from '../screens/legal/legalPages';

export default publicIsland('/regulations', RegulationsPage);
