# The storefront (or the balancer in front of several) Varnish fetches pages from: copy to backends.vcl beside
# quire.vcl and name yours. The topology test writes its own.
backend default {
    .host = "127.0.0.1";
    .port = "3000";
}
