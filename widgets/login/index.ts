import { define } from '../core';
import { LoginForm } from './LoginForm';
import { loginStyles } from './styles';

define('garage-login', LoginForm, { props: { redirect: 'string' }, styles: loginStyles });
