-- The tables of one installed NHTSA vPIC release, as the decoder reads them: vPIC's own tables and
-- columns, renamed to snake_case, with only what decoding needs. The installer creates them in a
-- schema of its own (the placeholder below), fills them and renames that schema to vpic in the
-- transaction that swaps the release in. Flyway does not manage this schema: it holds data, one
-- release at a time, not the service's structure.
CREATE TABLE ${schema}.release (
    sha256        char(64)    PRIMARY KEY,
    data_date     date        NOT NULL,
    source        text        NOT NULL,
    installed_at  timestamptz NOT NULL,
    counts        jsonb       NOT NULL
);
CREATE TABLE ${schema}.wmi (
    id                        integer PRIMARY KEY,
    wmi                       varchar(6) NOT NULL,
    manufacturer_id           integer,
    make_id                   integer,
    vehicle_type_id           integer,
    truck_type_id             integer,
    country_id                integer,
    public_availability_date  timestamp
);
CREATE TABLE ${schema}.wmi_make (
    wmi_id   integer NOT NULL,
    make_id  integer NOT NULL
);
CREATE TABLE ${schema}.wmi_vin_schema (
    id             integer PRIMARY KEY,
    wmi_id         integer NOT NULL,
    vin_schema_id  integer NOT NULL,
    year_from      integer NOT NULL,
    year_to        integer
);
CREATE TABLE ${schema}.vin_schema (
    id          integer PRIMARY KEY,
    name        text    NOT NULL,
    tobe_qced   boolean NOT NULL,
    notes       text
);
CREATE TABLE ${schema}.pattern (
    id             integer PRIMARY KEY,
    vin_schema_id  integer   NOT NULL,
    keys           text      NOT NULL,
    element_id     integer   NOT NULL,
    attribute_id   text      NOT NULL,
    changed_on     timestamp
);
CREATE TABLE ${schema}.element (
    id            integer PRIMARY KEY,
    name          text NOT NULL,
    code          text,
    lookup_table  text,
    data_type     text,
    decode        text,
    weight        integer,
    is_private    boolean NOT NULL
);
CREATE TABLE ${schema}.engine_model (
    id    integer PRIMARY KEY,
    name  text NOT NULL
);
CREATE TABLE ${schema}.engine_model_pattern (
    id               integer PRIMARY KEY,
    engine_model_id  integer   NOT NULL,
    element_id       integer   NOT NULL,
    attribute_id     text      NOT NULL,
    changed_on       timestamp
);
CREATE TABLE ${schema}.make (
    id    integer PRIMARY KEY,
    name  text NOT NULL
);
CREATE TABLE ${schema}.model (
    id    integer PRIMARY KEY,
    name  text NOT NULL
);
CREATE TABLE ${schema}.make_model (
    make_id   integer NOT NULL,
    model_id  integer NOT NULL
);
CREATE TABLE ${schema}.manufacturer (
    id    integer PRIMARY KEY,
    name  text NOT NULL
);
-- Every lookup table an element names (Country, VehicleType, BodyStyle, FuelType, ...), in one.
CREATE TABLE ${schema}.lookup (
    table_name  text    NOT NULL,
    id          integer NOT NULL,
    name        text    NOT NULL,
    PRIMARY KEY (table_name, id)
);
CREATE TABLE ${schema}.conversion (
    id               integer PRIMARY KEY,
    from_element_id  integer NOT NULL,
    to_element_id    integer NOT NULL,
    formula          text    NOT NULL
);
