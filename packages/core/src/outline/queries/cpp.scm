; C++: function and method definitions (templates included) and lambdas lose their body;
; classes, namespaces, declarations and pure virtual signatures stay.
(function_definition body: (compound_statement) @body)
(lambda_expression body: (compound_statement) @body)
