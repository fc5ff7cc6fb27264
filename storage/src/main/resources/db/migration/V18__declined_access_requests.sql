-- An operator's refusal of an access request (vspec access-requests decline): when, and why, as the operator
-- also writes it to the person (the service sends no email). A declined request is issued no key.
ALTER TABLE access.access_request
    ADD COLUMN declined_at    TIMESTAMP WITH TIME ZONE,
    ADD COLUMN decline_reason VARCHAR(500);

ALTER TABLE access.access_request
    ADD CONSTRAINT access_request_declined_with_a_reason CHECK ((declined_at IS NULL) = (decline_reason IS NULL));
