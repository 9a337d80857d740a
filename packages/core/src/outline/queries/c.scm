; C: function definitions lose their compound statement; prototypes, types, macros stay.
(function_definition body: (compound_statement) @body)
