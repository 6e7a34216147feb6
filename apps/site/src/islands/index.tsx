import { publicIsland } from '../layout/publicIsland';
import { HomeScreen } from '../screens/home/HomeScreen';

export default publicIsland('/', HomeScreen);
