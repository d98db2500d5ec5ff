import { Image } from '@mantine/core';
import associationMark from '../assets/association-mark.svg';
import helpDeskMark from '../assets/helpdesk-mark.svg';

interface LogoProps {
  /** Height and width in px. */
  size: number;
  /** What the image says to a screen reader; empty when text beside it already says it. */
  alt: string;
}

/** The help desk's own mark: a headset on the product's blue. */
export function HelpDeskLogo({ size, alt }: LogoProps) {
  return <Image src={helpDeskMark} alt={alt} w={size} h={size} fit="contain" />;
}

/** The association's mark: a skyline of three buildings in a ring. */
export function AssociationLogo({ size, alt }: LogoProps) {
  return <Image src={associationMark} alt={alt} w={size} h={size} fit="contain" />;
}
