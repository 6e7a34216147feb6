export { CheckEmailScreen as default } from '../screens/auth/CheckEmailScreen';
