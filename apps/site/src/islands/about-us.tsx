import { publicIsland } from '../layout/publicIsland';
import { AboutScreen } from '../screens/about/AboutScreen';

export default publicIsland('/about-us', AboutScreen);
