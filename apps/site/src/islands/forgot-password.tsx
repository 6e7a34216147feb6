export { ForgotPasswordScreen as default } from '../screens/auth/ForgotPasswordScreen';
