import { Icon, type IconProps } from './Icon';

export const ArrowLeftIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M15 18l-6-6 6-6" />
  </Icon>
);
