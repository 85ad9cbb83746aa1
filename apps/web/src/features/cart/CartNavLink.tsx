import { CartLinkIcon } from './CartLinkIcon';
import { useCart } from './use-cart';

/** The navbar's cart icon: a link to /cart with a red badge of the item count, shown only above 0. */
export function CartNavLink() {
  const { count } = useCart();
  return <CartLinkIcon count={count} />;
}
