package dev.vspec.sandbox;

/** The identifiers of the sandbox's reference data (sample data: see ReferenceStream). */
public final class ReferenceVehicle {

    /** The vehicle with every group, an image and a service history. */
    public static final String VIN = "19XFC2F52KE715372";

    public static final String CONFIG_KEY = "2019-honda-civic-lx-k20c2-fwd";
    public static final String YMMT = "year=2019&make=Honda&model=Civic&trim=LX";
    /** Two sample configurations share it: 409 with both as matches. */
    public static final String AMBIGUOUS_YMM = "year=2019&make=Honda&model=Civic";

    public static final String OTHER_CONFIG_KEY = "2019-honda-civic-ex-l15b7-fwd";
    /** Decodes (a 2021 BMW X3: vPIC gives no engine model, displacement or cylinders) without an engine code: 422. */
    public static final String UNSUPPORTED_VIN = "5UXTY5C07M9G00001";
    /** Decodes as a 2003 Honda the sandbox does not hold: 404. */
    public static final String UNKNOWN_VIN = "1HGCM82633A004352";
    /** The sample enrichment job, completed; it linked {@link #JOB_VIN}. */
    public static final String JOB_ID = "enr_2HGFC2F57KH873762_1";

    public static final String JOB_VIN = "2HGFC2F57KH873762";

    private ReferenceVehicle() {}
}
