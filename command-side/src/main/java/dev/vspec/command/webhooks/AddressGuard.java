package dev.vspec.command.webhooks;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.EnumSet;
import java.util.Set;
import org.apache.hc.client5.http.DnsResolver;

/**
 * Resolves a webhook's host and lets it through only when every address it resolves to is public,
 * or of a kind the operator allows. It is the delivery client's resolver too, so a connection goes
 * only to an address checked for that very connection: a host that later resolves elsewhere (DNS
 * rebinding) is refused at delivery as it would have been at registration.
 */
final class AddressGuard implements DnsResolver {

    /** A host resolved, but to an address webhooks may not go to. */
    static final class Refused extends UnknownHostException {
        Refused(String message) {
            super(message);
        }
    }

    /** Name resolution, {@link InetAddress#getAllByName} outside tests. */
    interface Resolver {
        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    private final Set<AddressKind> allowed;
    private final Resolver resolver;

    AddressGuard(Set<AddressKind> allowedBeyondPublic, Resolver resolver) {
        this.allowed = EnumSet.of(AddressKind.PUBLIC);
        this.allowed.addAll(allowedBeyondPublic);
        this.resolver = resolver;
    }

    /** Every address of {@code host}; refused when any of them is of a kind not allowed, so no retry can pick it. */
    @Override
    public InetAddress[] resolve(String host) throws UnknownHostException {
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        InetAddress[] addresses = resolver.resolve(bare);
        if (addresses == null || addresses.length == 0) {
            throw new UnknownHostException(host + " resolves to no address");
        }
        for (InetAddress address : addresses) {
            AddressKind kind = AddressKind.of(address);
            if (!allowed.contains(kind)) {
                throw new Refused(host + " resolves to " + address.getHostAddress() + " (" + kind.code()
                        + " address); webhooks go to public addresses only");
            }
        }
        return addresses;
    }

    @Override
    public String resolveCanonicalHostname(String host) {
        return host;
    }
}
