export { SignInScreen as default } from '../screens/auth/SignInScreen';
