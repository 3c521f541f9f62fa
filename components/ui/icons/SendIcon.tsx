import { Icon, type IconProps } from './Icon';

export const SendIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M22 2L11 13" />
    <path d="M22 2l-7 20-4-9-9-4 20-7z" />
  </Icon>
);
