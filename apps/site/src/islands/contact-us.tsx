import { publicIsland } from '../layout/publicIsland';
import { ContactScreen } from '../screens/contact/ContactScreen';

export default publicIsland('/contact-us', ContactScreen);
