import { Image, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import classes from './app-layout.module.css';

export const PRODUCT_NAME = 'Perth Chauffeur Ops';

export function BrandLink() {
  return (
    <UnstyledButton
      component={Link}
      to={paths.home}
      className={`${classes.brand} ${classes.touchTarget}`}
    >
      <Image src="/logo.svg" alt="" w={36} h={36} flex="none" />
      <Text component="span" className={classes.brandName} fz={{ base: 'sm', xs: 'lg' }}>
        {PRODUCT_NAME}
      </Text>
    </UnstyledButton>
  );
}
