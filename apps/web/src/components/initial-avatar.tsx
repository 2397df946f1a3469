import { Avatar, type AvatarProps } from '@mantine/core';

interface InitialAvatarProps extends Pick<AvatarProps, 'fz' | 'visibleFrom'> {
  /** Width and height, in pixels. */
  size: number;
  /** The initial shown. */
  children: string;
}

/** A user's initial in a circle on the brand gradient; decorative, as the name stands beside it. */
export function InitialAvatar({ size, children, ...props }: InitialAvatarProps) {
  return (
    <Avatar
      size={size}
      radius={size}
      variant="gradient"
      gradient={{ from: 'brand.6', to: 'grape.6', deg: 135 }}
      aria-hidden
      {...props}
    >
      {children}
    </Avatar>
  );
}
