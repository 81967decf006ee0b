# Varnish in front of Quire's storefronts (decision 064): public pages (no basket, no sign-in) kept and shared, keyed by
# the address and the three things a public page varies on (currency, country, consent state) and whether it is shown
# in a frame; forgotten by surrogate key when the API says something they show changed. The storefronts decide which
# pages are public (Cache-Control: public, s-maxage) and name what each shows (Surrogate-Key); this file only
# follows them, and keeps personal requests away from the cache altogether.
#
# Varnish 7.1 (Debian bookworm's `varnish`) with `varnish-modules` (xkey). The backend (a storefront, or the balancer in
# front of several) is named in backends.vcl, beside this file: see backends.example.vcl.
vcl 4.1;

import blob;
import cookie;
import std;
import xkey;

include "./backends.vcl";

# Who may purge: the storefronts, which hear the API's changes and pass them on (PAGE_CACHE_PURGE_URLS).
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    # PURGE with `xkey-purge: product:12 settings` forgets every page named by any of those keys; with
    # `xkey-purge: *`, every page.
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (req.http.xkey-purge == "*") {
            ban("obj.status != 0");
            return (synth(200, "Purged everything"));
        }
        if (req.http.xkey-purge) {
            set req.http.n-gone = xkey.purge(req.http.xkey-purge);
            return (synth(200, "Purged " + req.http.n-gone));
        }
        return (synth(400, "xkey-purge names no key"));
    }
    # Only documents are shared, never a form's post, a page's data (.data) or a preview link.
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    if (req.url ~ "\.data(\?|$)" || req.url ~ "[?&]preview=") {
        return (pass);
    }
    # A personal cookie, readable or not, makes the page the shopper's own (the storefront's PERSONAL_COOKIES).
    if (req.http.Cookie ~ "(^|;)\s*(quire_token|quire_cart|quire_viewer|flash|analytics_events|quire_last_order)=") {
        return (pass);
    }
    # The consent state: none, refused, or marketing; a shopper who allowed analytics has pages of their own (each
    # carries an event of its own view). The cookie is base64 JSON, URL-encoded.
    cookie.parse(req.http.Cookie);
    set req.http.X-Quire-Consent = "none";
    if (cookie.isset("cookie_consent")) {
        set req.http.X-Quire-Consent-Json = blob.transcode(decoding=BASE64, encoding=IDENTITY,
            encoded=blob.transcode(decoding=URL, encoding=IDENTITY, encoded=cookie.get("cookie_consent")));
        if (req.http.X-Quire-Consent-Json ~ {""analytics"\s*:\s*true"}) {
            return (pass);
        }
        set req.http.X-Quire-Consent = "refused";
        if (req.http.X-Quire-Consent-Json ~ {""marketing"\s*:\s*true"}) {
            set req.http.X-Quire-Consent = "marketing";
        }
        unset req.http.X-Quire-Consent-Json;
    }
    set req.http.X-Quire-Currency = cookie.get("currency");
    set req.http.X-Quire-Country = cookie.get("country");
    # Varnish would pass any request with a cookie: these pages are looked up by the key below instead.
    return (hash);
}

sub vcl_hash {
    hash_data(req.url);
    if (req.http.host) {
        hash_data(req.http.host);
    } else {
        hash_data(server.ip);
    }
    hash_data(req.http.X-Quire-Currency);
    hash_data(req.http.X-Quire-Country);
    hash_data(req.http.X-Quire-Consent);
    if (req.http.Sec-Fetch-Dest == "iframe") {
        hash_data("frame");
    }
    return (lookup);
}

sub vcl_backend_response {
    # Only what the storefront marked public, and never an answer that sets a cookie.
    if (beresp.http.Set-Cookie || beresp.http.Cache-Control !~ "(^|,)\s*public\b") {
        set beresp.uncacheable = true;
        set beresp.ttl = 0s;
        return (deliver);
    }
    # The surrogate keys, for xkey.purge.
    set beresp.http.xkey = beresp.http.Surrogate-Key;
    # The key above already holds what the page varies on among cookies and frames: the object varies on the encoding
    # only (a downstream cache still gets the storefront's Vary, restored on delivery).
    set beresp.http.X-Quire-Vary = beresp.http.Vary;
    set beresp.http.Vary = "Accept-Encoding";
    # Served stale for a moment while a fresh copy is fetched, as the page's stale-while-revalidate allows.
    set beresp.grace = 30s;
    return (deliver);
}

sub vcl_deliver {
    if (resp.http.X-Quire-Vary) {
        set resp.http.Vary = resp.http.X-Quire-Vary;
        unset resp.http.X-Quire-Vary;
    }
    unset resp.http.xkey;
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
}
