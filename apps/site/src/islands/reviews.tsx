import { publicIsland } from '../layout/publicIsland';
import { ReviewsScreen } from '../screens/reviews/ReviewsScreen';

export default publicIsland('/reviews', ReviewsScreen);
