import { checkoutMessages } from "./messages/checkout";
import { errorMessages } from "./messages/error";
import { crossSiteErrorMessages } from "./messages/error-cross-site";
import { toastMessages } from "./messages/toast";
import { wishlistsMessages } from "./messages/wishlists";
import { translator } from "./translator";

/**
 * `t` over the four sets the catalogue began with (errors, toasts, checkout, wishlists), for the modules that
 * import it from here. New code imports the `t` of its own area's set (messages/<area>.ts) instead: a page's
 * scripts then carry that area's texts only, where this one carries all four sets.
 */
export const t = translator({ ...errorMessages, ...crossSiteErrorMessages, ...toastMessages, ...checkoutMessages, ...wishlistsMessages });
