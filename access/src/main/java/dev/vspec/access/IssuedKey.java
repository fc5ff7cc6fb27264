package dev.vspec.access;

/** A key just issued: the only moment the key itself exists outside its owner's hands. */
public record IssuedKey(String key, ApiKey record) {

    @Override
    public String toString() {
        return "IssuedKey[" + record.prefix() + "…, id " + record.id() + "]";
    }
}
