package dev.vspec.vpic;

import java.util.List;

/**
 * How vPIC's SQLite tables map onto the PostgreSQL tables of the decoder's {@code vpic-tables.sql}: for
 * each target table, the vPIC table it comes from and, for each target column, the SQLite expression that
 * gives it and the vPIC columns that expression reads. The lookup tables (Country, BodyStyle, ...) all go
 * into one table, {@code lookup}, keyed by their names; which they are, the file's {@code Element.LookupTable}
 * says.
 */
final class VpicLayout {

    /** How a value is written: as it is, as a boolean, or as a time in one shape. */
    enum Kind {
        VALUE,
        FLAG,
        TIME
    }

    /** One target column; {@code optional} ones are NULL when the file lacks what they read. */
    record Column(String target, String expression, Kind kind, List<String> reads, boolean optional) {}

    /** One target table filled from one vPIC table. */
    record Table(String target, String source, List<Column> columns) {}

    /** The tables every release has, in loading order. */
    static final List<Table> TABLES = List.of(
            new Table(
                    "wmi",
                    "Wmi",
                    List.of(
                            value("id", "Id"),
                            value("wmi", "Wmi"),
                            value("manufacturer_id", "ManufacturerId"),
                            value("make_id", "MakeId"),
                            value("vehicle_type_id", "VehicleTypeId"),
                            value("truck_type_id", "TruckTypeId"),
                            value("country_id", "CountryId"),
                            time("public_availability_date", "PublicAvailabilityDate"))),
            new Table("wmi_make", "Wmi_Make", List.of(value("wmi_id", "WmiId"), value("make_id", "MakeId"))),
            new Table(
                    "wmi_vin_schema",
                    "Wmi_VinSchema",
                    List.of(
                            value("id", "Id"),
                            value("wmi_id", "WmiId"),
                            value("vin_schema_id", "VinSchemaId"),
                            value("year_from", "YearFrom"),
                            value("year_to", "YearTo"))),
            new Table(
                    "vin_schema",
                    "VinSchema",
                    List.of(
                            value("id", "Id"),
                            value("name", "Name"),
                            flag("tobe_qced", "TobeQCed"),
                            // added by the package's maker (its community schemas); NHTSA's own files may lack it
                            new Column("notes", quote("Notes"), Kind.VALUE, List.of("Notes"), true))),
            new Table(
                    "pattern",
                    "Pattern",
                    List.of(
                            value("id", "Id"),
                            value("vin_schema_id", "VinSchemaId"),
                            value("keys", "Keys"),
                            value("element_id", "ElementId"),
                            value("attribute_id", "AttributeId"),
                            changedOn())),
            new Table(
                    "element",
                    "Element",
                    List.of(
                            value("id", "Id"),
                            value("name", "Name"),
                            value("code", "Code"),
                            value("lookup_table", "LookupTable"),
                            value("data_type", "DataType"),
                            value("decode", "Decode"),
                            value("weight", "weight"),
                            flag("is_private", "IsPrivate"))),
            new Table("engine_model", "EngineModel", List.of(value("id", "Id"), value("name", "Name"))),
            new Table(
                    "engine_model_pattern",
                    "EngineModelPattern",
                    List.of(
                            value("id", "Id"),
                            value("engine_model_id", "EngineModelId"),
                            value("element_id", "ElementId"),
                            value("attribute_id", "AttributeId"),
                            changedOn())),
            new Table("make", "Make", List.of(value("id", "Id"), value("name", "Name"))),
            new Table("model", "Model", List.of(value("id", "Id"), value("name", "Name"))),
            new Table("make_model", "Make_Model", List.of(value("make_id", "MakeId"), value("model_id", "ModelId"))),
            new Table("manufacturer", "Manufacturer", List.of(value("id", "Id"), value("name", "Name"))),
            new Table(
                    "conversion",
                    "Conversion",
                    List.of(
                            value("id", "Id"),
                            value("from_element_id", "FromElementId"),
                            value("to_element_id", "ToElementId"),
                            value("formula", "Formula"))));

    /** Lookup tables that have tables of their own. */
    static final List<String> NOT_LOOKUPS = List.of("make", "model", "manufacturer");

    static final String LOOKUP = "lookup";

    private VpicLayout() {}

    /** The rows of one lookup table, as {@code lookup} holds them: its name, then its ids and names. */
    static Table lookup(String name, String sourceTable) {
        return new Table(
                LOOKUP,
                sourceTable,
                List.of(
                        new Column("table_name", "'" + name.replace("'", "''") + "'", Kind.VALUE, List.of(), false),
                        value("id", "Id"),
                        value("name", "Name")));
    }

    static String quote(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }

    private static Column value(String target, String source) {
        return new Column(target, quote(source), Kind.VALUE, List.of(source), false);
    }

    private static Column time(String target, String source) {
        return new Column(target, quote(source), Kind.TIME, List.of(source), false);
    }

    private static Column flag(String target, String source) {
        return new Column(target, "coalesce(" + quote(source) + ", 0) <> 0", Kind.FLAG, List.of(source), false);
    }

    /** When a pattern last changed: vPIC's UpdatedOn, else its CreatedOn. */
    private static Column changedOn() {
        return new Column(
                "changed_on",
                "coalesce(" + quote("UpdatedOn") + ", " + quote("CreatedOn") + ")",
                Kind.TIME,
                List.of("UpdatedOn", "CreatedOn"),
                false);
    }
}
